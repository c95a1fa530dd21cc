// A run's executor processes: which one lives,
// steps taken, when a scheduled crash strikes.
// A dead one is fenced from network and storage.
import type { CrashPoint, ExecutorCrash } from '../faults/executor-crash.ts'
import { stepOf } from '../history/call-ids.ts'

/** A dead process touched what it cannot. */
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
  /** Steps per call and point, as crashes count. */
  readonly #counts = new Map<string, number>()
  readonly #pending: ExecutorCrash[]
  readonly #onCrash: (crash: Crash) => void

  constructor(crashes: readonly ExecutorCrash[], onCrash: (crash: Crash) => void) {
    this.#pending = [...crashes]
    this.#onCrash = onCrash
  }

  /** A new generation; the last must be dead. */
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
   * A step for `call`: true if a crash struck
   * right after it. Outside calls: not counted.
   */
  step(generation: number, point: CrashPoint, call: string | null): boolean {
    if (!this.isAlive(generation)) return false
    const step = stepOf(call)
    if (step === null) return false
    const key = `${step} ${point}`
    const n = (this.#counts.get(key) ?? 0) + 1
    this.#counts.set(key, n)
    const i = this.#pending.findIndex((c) => c.step === step && c.point === point && c.nth === n)
    if (i === -1) return false
    const [fault] = this.#pending.splice(i, 1)
    this.#dead.add(generation)
    this.#onCrash({ generation, fault: fault! })
    return true
  }
}
