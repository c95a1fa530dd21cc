// A gate of one loop example, timed and its
// seed printed; and what a passing one shows.
import { expect } from 'vitest'
import { gate } from '../../../faultline/index.ts'
import { scratchDir } from '../../support/scratch.ts'

type Report = Awaited<ReturnType<typeof gate>>

/** `examples/loops/<fw>/<name>.faultline.ts`, gated. */
export async function gatedLoop(fw: string, name: string, runs: number, seed: number, workers = 1): Promise<Report> {
  const executor = new URL(`../../../examples/loops/${fw}/${name}.faultline.ts`, import.meta.url)
  const started = performance.now()
  const report = await gate({ executor, runs, seed, workers, corpus: false, cwd: scratchDir(`${fw}-loop`) })
  // The seed and time, for whoever reruns or tunes it.
  console.log(`${fw} loop ${name}: ${runs} runs, seed ${seed}: ${Math.round(performance.now() - started)} ms`)
  return report
}

/** Passed, every run real, nothing blocked. */
export function expectPassed(report: Report, runs: number): void {
  expect(report.counterexample?.violations ?? []).toEqual([])
  expect(report.passed).toBe(true)
  expect(report.summary.runs).toBe(runs)
  expect(report.summary.nothingTested).toBeNull()
  expect(report.summary.blocked.attempts).toBe(0)
}
