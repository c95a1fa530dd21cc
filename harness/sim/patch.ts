// Global patches, each checked and undone. A patch records what it replaced;
// undoing it always restores the original, and verifies that nobody replaced
// the value in the meantime: if someone did (an executor under test, or an
// overlapping patch), the undo still restores, then reports it.

export interface Patch {
  readonly description: string
  /** Is the patched value still ours? */
  intact(): boolean
  /** Put our value back over whatever replaced it (the replacement is dropped). */
  reinstate(): void
  undo(): void
}

/** Someone replaced a patched global while it was patched (reported after restoring the original). */
export class PatchTampered extends Error {
  override readonly name = 'PatchTampered'
}

const live = new Set<Patch>()

/** Descriptions of live patches whose value someone has replaced. */
export function tamperedPatches(): string[] {
  return [...live].filter((p) => !p.intact()).map((p) => p.description)
}

/**
 * Put every live patch someone replaced back as it was patched, and say which:
 * after a run, the globals are exactly as the harness set them, whatever the
 * executor did, so later undos neither fail nor restore the executor's value.
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
        return false // a getter put there by someone else that throws
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

/** Undo patches in reverse order; every undo runs even if one throws. */
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
