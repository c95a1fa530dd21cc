// The executor's processes in a run: which generation is alive, how many
// observable steps each kind has taken, and when a scheduled crash strikes.
// A dead generation is fenced: its requests never leave, its storage handles
// throw, and nothing answers it.
import type { CrashPoint, ExecutorCrash } from '../faults/executor-crash.ts'

/** Thrown into a dead process's code when it touches what a dead process cannot. */
export class ProcessCrashed extends Error {
  override readonly name = 'ProcessCrashed'
  constructor(readonly generation: number) {
    super(`executor process ${generation} has crashed`)
  }
}

export interface Crash {
  readonly generation: number
  readonly fault: ExecutorCrash
}

export class ProcessTable {
  #generation = 0
  readonly #dead = new Set<number>()
  readonly #counts: Record<CrashPoint, number> = { 'after-write': 0, 'after-send': 0, 'after-response': 0 }
  readonly #pending: ExecutorCrash[]
  readonly #onCrash: (crash: Crash) => void

  constructor(crashes: readonly ExecutorCrash[], onCrash: (crash: Crash) => void) {
    this.#pending = [...crashes]
    this.#onCrash = onCrash
  }

  /** A new process generation; the previous one must be dead. */
  boot(): number {
    return ++this.#generation
  }

  get current(): number {
    return this.#generation
  }

  isAlive(generation: number): boolean {
    return generation === this.#generation && !this.#dead.has(generation)
  }

  assertAlive(generation: number): void {
    if (!this.isAlive(generation)) throw new ProcessCrashed(generation)
  }

  /**
   * `generation` took an observable step. Returns true when a scheduled crash
   * struck right after it: the generation is now dead.
   */
  step(generation: number, point: CrashPoint): boolean {
    if (!this.isAlive(generation)) return false
    const n = ++this.#counts[point]
    const i = this.#pending.findIndex((c) => c.point === point && c.nth === n)
    if (i === -1) return false
    const [fault] = this.#pending.splice(i, 1)
    this.#dead.add(generation)
    this.#onCrash({ generation, fault: fault! })
    return true
  }
}
