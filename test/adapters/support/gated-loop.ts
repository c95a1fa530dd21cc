// A gate of one loop example, timed and its
// seed printed (a pass reads as the examples'
// suites read it: expectPassed).
import { gate } from '../../../faultline/index.ts'
import { scratchDir } from '../../support/scratch.ts'

export { expectPassed } from '../../examples/adapters/support/gate-report.ts'

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
