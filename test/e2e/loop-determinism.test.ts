// Loop mode keeps the gate's promise: for each
// framework's careful loop module, the real CLI's
// --json report is the same bytes with 1 worker
// and with 2: the same seed twice, in processes
// scheduled differently, so a wall-clock read or
// an unseeded draw would show. Nothing is removed
// first: no report field depends on the wall
// clock or the workers
// (docs/internals/engine.md, report-schema.ts).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliProcess, type Ran } from '../support/cli-process.ts'
import { scratchDir } from '../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const SEED = Number(process.env.FAULTLINE_SEED ?? 1)
/** Enough to cross several faults. */
const RUNS = 60

/**
 * Each loop's careful agent; and Agents JS in
 * tool mode, whose trace exporter's real timer
 * once re-armed on a run's virtual clock.
 */
const MODULES = [
  'examples/loops/ai-sdk/careful.faultline.ts',
  'examples/loops/openai-agents/careful.faultline.ts',
  'examples/loops/langchain/careful.faultline.ts',
  'examples/loops/mcp/careful.faultline.ts',
  'examples/adapters/openai-agents/careful.faultline.ts',
]

/** A gate of `module`'s careful agent, as JSON. */
function gateJson(module: string, workers: number, cwd: string): Promise<Ran> {
  return cliProcess(
    [
      'gate',
      '--executor',
      module,
      '--runs',
      String(RUNS),
      '--seed',
      String(SEED),
      '--workers',
      String(workers),
      '--json',
      '--no-corpus',
    ],
    { cwd },
  )
}

describe('the frameworks in the loop: the same --json for the same seed with 1 worker and with 2', () => {
  for (const at of MODULES) {
    const module = join(ROOT, at)
    it(at, async () => {
      console.log(`determinism ${at}: seed ${SEED}, ${RUNS} runs (replay: FAULTLINE_SEED=${SEED})`)
      const cwd = scratchDir('loop-determinism')
      // At once: each its own process and workers.
      const [one, two] = await Promise.all([gateJson(module, 1, cwd), gateJson(module, 2, cwd)])
      // A verdict (0 pass, 1 violation), not bad
      // usage or the harness failing.
      expect([0, 1], one.stderr).toContain(one.code)
      const report = JSON.parse(one.stdout) as {
        summary: { runs: number; requests: number; nothingTested: string | null }
      }
      // Real work compared: runs that reached a service.
      expect(report.summary.runs).toBeGreaterThan(0)
      expect(report.summary.requests).toBeGreaterThan(0)
      expect(report.summary.nothingTested).toBeNull()
      expect(two.code, two.stderr).toBe(one.code)
      expect(two.stdout).toBe(one.stdout)
    }, 120_000)
  }
})
