// Global patches, each checked and undone. A patch records what it replaced;
// undoing it verifies that nobody else replaced the value in the meantime, so a
// leaked or overlapping patch is an error rather than a silent corruption.

export interface Patch {
  readonly description: string
  undo(): void
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
  return {
    description,
    undo() {
      if (target[key] !== replacement) {
        throw new Error(`faultline: ${description} was replaced by someone else while patched; refusing to restore over it`)
      }
      if (descriptor) Object.defineProperty(target, key, descriptor)
      else delete target[key]
      if (target[key] !== original) throw new Error(`faultline: could not restore ${description}`)
    },
  }
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
