// Shrinking meets the same candidate again and
// again: fast-check's shrinkers overlap, and a
// row shrinks each judge from nearby runs (38 %
// of npm start's shrink runs were repeats). A
// run is a function of its scenario, so a clean
// one is remembered; a death is run again.
import type { Scenario } from '../scenario/scenario.ts'
import type { RunOptions, RunOutcome, RunService } from '../supervisor/run-service.ts'

export class ShrinkMemo {
  readonly #outcomes = new Map<string, RunOutcome>()

  /** The outcome of a clean run of `scenario`, if any. */
  known(scenario: Scenario): RunOutcome | undefined {
    return this.#outcomes.get(keyOf(scenario))
  }

  /** Remembered, or run (and remembered if clean). */
  async run(service: RunService, scenario: Scenario, options: RunOptions): Promise<RunOutcome> {
    const key = keyOf(scenario)
    const known = this.#outcomes.get(key)
    if (known) return known
    const out = await service.run(scenario, options)
    if (!out.died) this.#outcomes.set(key, out)
    return out
  }
}

/**
 * Equal for equal structured clones (what a
 * worker receives): JSON, but -0, NaN, ±Infinity
 * and undefined kept apart; strings tagged so
 * none can pass for one of those.
 */
function keyOf(scenario: Scenario): string {
  return JSON.stringify(scenario, tagged)
}

function tagged(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return `s${value}`
  if (typeof value === 'number' && (Object.is(value, -0) || !Number.isFinite(value)))
    return `n${Object.is(value, -0) ? '-0' : value}`
  if (value === undefined) return 'u'
  if (typeof value === 'bigint') return `b${value}`
  return value
}
