// Global patches, checked and undone: an undo
// restores the original, then reports anyone
// who replaced it meanwhile (an executor).

export interface Patch {
  readonly description: string
  /** Is the patched value still ours? */
  intact(): boolean
  /** Put our value back over a replacement. */
  reinstate(): void
  undo(): void
}

/** A patched global was replaced meanwhile. */
export class PatchTampered extends Error {
  override readonly name = 'PatchTampered'
}

const live = new Set<Patch>()

/** Live patches someone has replaced. */
export function tamperedPatches(): string[] {
  return [...live].filter((p) => !p.intact()).map((p) => p.description)
}

/**
 * Put back every replaced live patch, and say
 * which: later undos then restore the original.
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
        return false // a throwing getter
      }
    },
    reinstate: install,
    undo() {
      live.delete(patch)
      const tampered = !patch.intact()
      if (descriptor) Object.defineProperty(target, key, descriptor)
      else delete target[key]
      if (target[key] !== original) throw new Error(`faultline: could not restore ${description}`)
      if (tampered)
        throw new PatchTampered(
          `faultline: ${description} was replaced by someone else while patched; the original is restored`,
        )
    },
  }
  install()
  live.add(patch)
  return patch
}

/** Undo in reverse; all run even if one throws. */
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
