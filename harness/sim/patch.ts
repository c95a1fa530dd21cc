// Global patches, each checked and undone. A patch records what it replaced;
// undoing it always restores the original, and verifies that nobody replaced
// the value in the meantime: if someone did (an executor under test, or an
// overlapping patch), the undo still restores, then reports it.

export interface Patch {
  readonly description: string
  /** Is the patched value still ours? */
  intact(): boolean
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

export function patchProperty<T extends object, K extends keyof T>(
  target: T,
  key: K,
  replacement: T[K],
  description = String(key),
): Patch {
  const descriptor = Object.getOwnPropertyDescriptor(target, key)
  const original = target[key]
  Object.defineProperty(target, key, {
    value: replacement,
    writable: true,
    configurable: true,
    enumerable: descriptor?.enumerable ?? true,
  })
  const patch: Patch = {
    description,
    intact: () => target[key] === replacement,
    undo() {
      live.delete(patch)
      const tampered = target[key] !== replacement
      if (descriptor) Object.defineProperty(target, key, descriptor)
      else delete target[key]
      if (target[key] !== original) throw new Error(`faultline: could not restore ${description}`)
      if (tampered) throw new PatchTampered(`faultline: ${description} was replaced by someone else while patched; the original is restored`)
    },
  }
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
