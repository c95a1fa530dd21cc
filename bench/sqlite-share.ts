// The executor's own SQLite work (the reference's
// intent log), timed call by call in a campaign of
// its own: code under test inside the harness's
// per-request figure, not the harness's cost.
import Database from 'better-sqlite3'
import type { Executor } from '../harness/contract/executor.ts'
import { search } from '../harness/campaign/search.ts'
import { realNow } from '../harness/sim/real-clock.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

export interface SqliteShare {
  /** Real ms inside SQLite calls, a run. */
  readonly msPerRun: number
  /** The campaign's ms a run, timed the same. */
  readonly runMs: number
  readonly requestsPerRun: number
}

/**
 * `runs` in this thread with every statement
 * and database method timed (the database's
 * opening is the harness's, so not counted).
 */
export async function sqliteShare(executor: Executor, runs: number, seed: number): Promise<SqliteShare> {
  const probe = new Database(':memory:')
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>
  probe.close()
  let inside = 0
  const undo: (() => void)[] = []
  // Each call synchronous: timed whole.
  const time = (proto: Record<string, unknown>, names: readonly string[]) => {
    for (const name of names) {
      const real = proto[name] as (...a: unknown[]) => unknown
      proto[name] = function (this: unknown, ...args: unknown[]) {
        const start = realNow()
        try {
          return real.apply(this, args)
        } finally {
          inside += realNow() - start
        }
      }
      undo.push(() => (proto[name] = real))
    }
  }
  time(statement, ['run', 'get', 'all'])
  time(Database.prototype as unknown as Record<string, unknown>, ['prepare', 'exec', 'pragma'])
  try {
    const options = { stopAtFirstFailure: false, generator: scenarioGenerator() }
    await search(executor, { ...options, runs: Math.min(runs, 300), seed: seed + 1 }) // warm-up
    inside = 0
    const start = realNow()
    const result = await search(executor, { ...options, runs, seed })
    const ms = realNow() - start
    return { msPerRun: inside / runs, runMs: ms / runs, requestsPerRun: result.summary.requests / runs }
  } finally {
    for (const u of undo.reverse()) u()
  }
}
