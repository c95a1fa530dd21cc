// The gate every framework's examples share, as a
// team would run it, SDKs at their default hosts:
// the nudged example (examples/adapters/<framework>/
// nudged.faultline.ts) caught by a named judge, the
// careful one passing 1,000 runs on seeds 1 and 2.
// Call it inside the file's describe; a framework's
// own cases stay beside it in that file.
import { expect, it } from 'vitest'
import { gate, type GateReport } from '../../../../faultline/index.ts'
import { scratchDir } from '../../../support/scratch.ts'
import { expectPassed, why } from './gate-report.ts'

export interface ExamplesExpected {
  /**
   * By seed (each meets its flaw first), the judge the
   * nudged example's counterexample names, or the
   * judges any one of which it may name.
   */
  readonly nudgedJudges: Readonly<Record<number, string | readonly string[]>>
}

const NUDGED_RUNS = 200
const CAREFUL_RUNS = 1_000

async function gated(framework: string, name: string, runs: number, seed: number): Promise<GateReport> {
  const executor = new URL(`../../../../examples/adapters/${framework}/${name}.faultline.ts`, import.meta.url)
  const cwd = scratchDir(`${framework}-examples`)
  const started = performance.now()
  const report = await gate({ executor, runs, seed, workers: 2, corpus: false, cwd })
  // Timings, for whoever tunes the suite.
  console.log(`${framework} ${name}: ${runs} runs, seed ${seed}: ${Math.round(performance.now() - started)} ms`)
  return report
}

export function gateExamples(framework: string, { nudgedJudges }: ExamplesExpected): void {
  for (const [seed, judges] of Object.entries(nudgedJudges)) {
    const named = typeof judges === 'string' ? [judges] : judges
    it(`the nudged example is caught on seed ${seed}: ${named.join(' or ')}, with its counterexample`, async () => {
      const report = await gated(framework, 'nudged', NUDGED_RUNS, Number(seed))
      expect(report.passed).toBe(false)
      expect(report.summary.nothingTested).toBeNull()
      const found = report.counterexample
      expect(named, why(report)).toContain(found?.judge)
      expect(found?.reproduced).toBe(true)
      expect(found?.violations.map((v) => v.judge)).toContain(found?.judge)
      expect(found?.scenario.plan.length).toBeGreaterThan(0)
    }, 300_000)
  }

  for (const seed of [1, 2])
    it(`the careful example passes ${CAREFUL_RUNS.toLocaleString('en')} runs on seed ${seed}`, async () => {
      expectPassed(await gated(framework, 'careful', CAREFUL_RUNS, seed), CAREFUL_RUNS)
    }, 900_000)
}
