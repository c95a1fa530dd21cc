// The LangChain examples gated as a team would: the
// nudged tools (key from the tool call id) are caught,
// the careful ones pass 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import nudged from '../../../examples/adapters/langchain/nudged.faultline.ts'
import { gate, judge, runScenario } from '../../../faultline/index.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

const example = (file: string) => new URL(`../../../examples/adapters/langchain/${file}`, import.meta.url)
const gateOf = (file: string, runs: number, seed: number) =>
  gate({ executor: example(file), runs, seed, corpus: false, workers: 2, cwd: scratchDir('langchain-examples') })

describe('the LangChain examples, gated', () => {
  // stripe-node: an 80 s timeout, 2 retries by default
  // (node_modules/stripe/esm/stripe.esm.node.js:100, :180).
  it("nudged: caught; its refund outlives the turn (stripe-node's 80 s timeout)", async () => {
    const report = await gateOf('nudged.faultline.ts', 200, 1)
    expect(report.passed).toBe(false)
    expect(report.summary.nothingTested).toBeNull()
    expect(report.counterexample?.judge).toBe('effect-after-deadline')
    expect(report.counterexample?.violations.map((v) => v.judge)).toContain('effect-after-deadline')
  }, 300_000)

  it('nudged: asked again, a new tool call id is a new key, so the refund lands twice', async () => {
    const again = refundScenario({ model: { maxAsks: 2, regenerateArgs: false, askAgainAfterSuccess: true } })
    const { history } = await runScenario(again, nudged)
    const found = judge(history).violations
    expect(found.map((v) => [v.judge, v.call])).toEqual([['duplicate-effect', 'run-7/s1']])
  })

  for (const seed of [1, 2])
    it(`careful: 1,000 runs on seed ${seed} pass`, async () => {
      const report = await gateOf('careful.faultline.ts', 1_000, seed)
      const c = report.counterexample
      expect(c && `${c.judge} in run ${c.run}: ${c.violations.map((v) => v.message).join('; ')}`).toBeNull()
      expect(report.summary.nothingTested).toBeNull()
      expect(report.summary.runs).toBe(1_000)
      expect(report.passed).toBe(true)
    }, 900_000)
})
