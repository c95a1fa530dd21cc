// End to end: the reference with each wrong example
// mapping, a generated campaign and the judges; each
// dangerous fetch cell a failing run is attributed
// to gets a shrunk counterexample that still fails
// from that cell when re-run.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { attribute } from '../../../harness/audit/attribute.ts'
import { runConsequences } from '../../../harness/audit/consequences.ts'
import { gradeCells } from '../../../harness/audit/grade-cells.ts'
import { bitesIn, JUDGES_OF, type Consequence } from '../../../harness/audit/grade.ts'
import { runMatrix } from '../../../harness/audit/matrix.ts'
import { withMappingRef } from '../../../faultline/reference-with-mapping.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

async function consequences(module: string, runs: number) {
  const path = join(ROOT, module)
  const cells = gradeCells(await runMatrix({ mapping: path, label: module, clients: ['fetch'], pool: { workers: 2 } }))
  const dangerous = new Map<string, Consequence>(
    cells
      .filter((c) => c.grade === 'dangerous' && bitesIn(c.consequence!, c.truth))
      .map((c) => [c.case, c.consequence!]),
  )
  const result = await runConsequences({
    executor: withMappingRef(path, module),
    generator: scenarioGenerator(),
    runs,
    seed: 1,
    profile: [],
    dangerous,
    pool: { workers: 2 },
  })
  return { path, dangerous, result }
}

// Enough runs for seed 1 to reach a cell of each.
const WRONG: [string, number, string[]][] = [
  ['examples/mappings/reset-as-not-sent.ts', 200, ['reset-after-effect']],
  ['examples/mappings/timeout-as-rejected.ts', 60, ['latency.past-timeout']],
  ['examples/mappings/five-xx-as-rejected.ts', 200, ['gateway-timeout.finishes']], // first reached at run 188
  ['examples/mappings/not-2xx-as-not-sent.ts', 60, ['reset-after-effect', 'caller-cancel.in-flight']], // run 55
  ['examples/mappings/probe-timeout-as-applied.ts', 60, ['probe-timeout.no-effect']],
]

describe('the consequences of each wrong example mapping', () => {
  it.each(WRONG)(
    '%s: a replayable counterexample for every dangerous cell the campaign reaches',
    async (module, runs, atLeast) => {
      const { path, dangerous, result } = await consequences(module, runs)
      expect(result.summary.runs).toBe(runs)
      expect(result.reached.map((r) => r.case)).toEqual(expect.arrayContaining(atLeast))
      const pool = await WorkerPool.open(withMappingRef(path, module), { workers: 1 })
      try {
        for (const r of result.reached) {
          expect(dangerous.get(r.case)).toBe(r.consequence)
          expect(JUDGES_OF[r.consequence]).toContain(r.judge)
          expect(r.counterexample.reproduced).toBe(true)
          // Minimal: no more faults on a step than the
          // reference's sends of one call (a reset on
          // each is the shortest way to a false failure).
          const perStep = new Map<string, number>()
          for (const f of r.counterexample.scenario.faults) perStep.set(f.step, (perStep.get(f.step) ?? 0) + 1)
          expect(Math.max(...perStep.values())).toBeLessThanOrEqual(4)
          // Replayed as saved: fails again, from this cell.
          const again = await pool.run(r.counterexample.scenario)
          const violations = judge(again.history).violations
          expect(
            attribute(r.counterexample.scenario, again.history, violations, dangerous).map((a) => a.case),
          ).toContain(r.case)
        }
      } finally {
        await pool.close()
      }
    },
    300_000,
  )

  it('correct.ts: the same campaign finds nothing', async () => {
    const { dangerous, result } = await consequences('examples/mappings/correct.ts', 100)
    expect(dangerous.size).toBe(0)
    expect(result.summary.failingRuns).toBe(0)
    expect(result.reached).toEqual([])
  }, 300_000)
})
