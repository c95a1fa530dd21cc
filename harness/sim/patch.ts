// Global patches, each checked and undone: an undo always
// restores the original, then reports anyone who replaced
// the value meanwhile (an executor, an overlapping patch).

export interface Patch {
  readonly description: string
  /** Is the patched value still ours? */
  intact(): boolean
  /** Put our value back over whatever replaced it. */
  reinstate(): void
  undo(): void
}

/** A patched global was replaced (thrown after restoring). */
export class PatchTampered extends Error {
  override readonly name = 'PatchTampered'
}

const live = new Set<Patch>()

/** Live patches whose value someone has replaced. */
export function tamperedPatches(): string[] {
  return [...live].filter((p) => !p.intact()).map((p) => p.description)
}

/**
 * Put back every replaced live patch and say which: later
 * undos then neither fail nor restore the executor's value.
 */
export function reinstateTampered(): string[] {
  const tampered = [...live].filter((p) => !p.intact())
  for (const p of tampered) p.reinstate()
  return tampered.map((p) => p.description)
}

export function patchProperty<T extends object, K extends keyof T>(
  target: T,
  key: K,
  replacement: T[K],
  description = String(key),
): Patch {
  const descriptor = Object.getOwnPropertyDescriptor(target, key)
  const original = target[key]
  const install = () =>
    Object.defineProperty(target, key, {
      value: replacement,
      writable: true,
      configurable: true,
      enumerable: descriptor?.enumerable ?? true,
    })
  const patch: Patch = {
    description,
    intact: () => {
      try {
        return target[key] === replacement
      } catch {
        return false // someone's getter that throws
      }
    },
    reinstate: install,
    undo() {
      live.delete(patch)
      const tampered = !patch.intact()
      if (descriptor) Object.defineProperty(target, key, descriptor)
      else delete target[key]
      if (target[key] !== original) throw new Error(`faultline: could not restore ${description}`)
      if (tampered) throw new PatchTampered(`faultline: ${description} was replaced by someone else while patched; the original is restored`)
    },
  }
  install()
  live.add(patch)
  return patch
}

/** Undo in reverse order; each runs even if one throws. */
export function undoAll(patches: Patch[]): void {
  const errors: unknown[] = []
  while (patches.length > 0) {
    const p = patches.pop() as Patch
    try {
      p.undo()
    } catch (e) {
      errors.push(e)
    }
  }
  if (errors.length === 1) throw errors[0]
  if (errors.length > 1) throw new AggregateError(errors, 'faultline: several global patches failed to undo')
}
