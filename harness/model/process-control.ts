// What the simulated agent needs from
// whoever runs the executor's processes
// (run/processes.ts implements it).
import type { ExecutorProcess } from '../contract/executor.ts'

/**
 * A crash, opaque to the agent: it
 * only hands it back to `restart`.
 */
export interface CrashToken {
  readonly generation: number
}

export type Within<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly crashed: CrashToken }
  | { readonly ok: false; readonly threw: unknown }

export interface ProcessControl {
  /** The current turn's deadline (epoch ms on the run's clock). */
  readonly deadline: number
  /** Run `fn` in the current process as `call`, racing a crash. */
  within<T>(call: string | null, fn: (p: ExecutorProcess) => Promise<T>): Promise<Within<T>>
  /** Start a new turn now. */
  newTurn(): void
  /**
   * After a crash: wait out its pause,
   * boot the next process, let it recover.
   * False when it could not boot.
   */
  restart(crash: CrashToken): Promise<boolean>
}
