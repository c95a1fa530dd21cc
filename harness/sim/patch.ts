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

// Replaced once empty, not kept: V8 keeps a
// rehashed Set's old table (with its entries)
// linked to the new one, so a process-long set
// kept every run's patches, and through them
// the run, alive in each scavenge.
let live = new Set<Patch>()

/** Live patches someone has replaced. */
export function tamperedPatches(): string[] {
  const out: string[] = []
  for (const p of live) if (!p.intact()) out.push(p.description)
  return out
}

/**
 * Put back every replaced live patch, and say
 * which: later undos then restore the original.
 */
export function reinstateTampered(): string[] {
  const tampered: Patch[] = []
  for (const p of live) if (!p.intact()) tampered.push(p)
  for (const p of tampered) p.reinstate()
  return tampered.map((p) => p.description)
}

export function patchProperty<T extends object, K extends keyof T>(
  target: T,
  key: K,
  replacement: T[K],
  description = String(key),
): Patch {
  const patch = new PropertyPatch(target, key, replacement, description)
  live.add(patch)
  return patch
}

/**
 * A class, not closures: a run makes ~100
 * patches, and each closure was named at
 * runtime (tsx keeps names) at a cost.
 */
class PropertyPatch<T extends object, K extends keyof T> implements Patch {
  readonly #target: T
  readonly #key: K
  readonly #replacement: T[K]
  readonly #descriptor: PropertyDescriptor | undefined
  readonly #original: T[K]
  readonly description: string

  constructor(target: T, key: K, replacement: T[K], description: string) {
    this.#target = target
    this.#key = key
    this.#replacement = replacement
    this.description = description
    const d = Object.getOwnPropertyDescriptor(target, key)
    this.#descriptor = d
    this.#original = target[key]
    // A writable, configurable own value: a set
    // ends as reinstate's define would, faster.
    if (d?.writable && d.configurable) target[key] = replacement
    else this.reinstate()
  }

  intact(): boolean {
    try {
      return this.#target[this.#key] === this.#replacement
    } catch {
      return false // a throwing getter
    }
  }

  reinstate(): void {
    Object.defineProperty(this.#target, this.#key, {
      value: this.#replacement,
      writable: true,
      configurable: true,
      enumerable: this.#descriptor?.enumerable ?? true,
    })
  }

  undo(): void {
    live.delete(this)
    if (live.size === 0) live = new Set()
    const tampered = !this.intact()
    const target = this.#target
    if (this.#descriptor) Object.defineProperty(target, this.#key, this.#descriptor)
    else delete target[this.#key]
    if (target[this.#key] !== this.#original) throw new Error(`faultline: could not restore ${this.description}`)
    if (tampered)
      throw new PatchTampered(
        `faultline: ${this.description} was replaced by someone else while patched; the original is restored`,
      )
  }
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
