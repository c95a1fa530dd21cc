// A run's watch on the builtins (intrinsics.ts):
// what the executor changed, put back at close,
// or early when a listener could not otherwise
// record (a replaced Array.prototype.push).
import { builtinsBaseline, restoreBuiltins, type Undone } from '../sim/intrinsics.ts'

export class BuiltinWatch {
  /** Put back before close (rescued). */
  readonly #early: Undone[] = []

  constructor() {
    builtinsBaseline() // the first run's start
  }

  /** Changed in this run (now, or put back early)? */
  get changed(): boolean {
    return this.#early.length > 0 || builtinsBaseline().changed()
  }

  /**
   * `record()`; if a changed builtin breaks it, put
   * builtins back (close reports them) and retry.
   */
  rescued(record: () => void): void {
    try {
      record()
    } catch (e) {
      if (!builtinsBaseline().changed()) throw e
      const undone = restoreBuiltins() // before any push
      this.#early.push(undone)
      record()
    }
  }

  /** Put all back: each change of the run, and which stay. */
  restore(): { readonly changed: ReadonlySet<string>; readonly stuck: ReadonlySet<string> } {
    const now = restoreBuiltins() // first: the rest uses them
    const all = [...this.#early.splice(0), now]
    return { changed: new Set(all.flatMap((u) => u.changed)), stuck: new Set(all.flatMap((u) => u.stuck)) }
  }
}
