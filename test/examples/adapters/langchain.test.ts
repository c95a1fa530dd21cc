// The LangChain examples gated as a team would: the
// nudged tools (key from the tool call id) are caught,
// the careful ones pass 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import nudged from '../../../examples/adapters/langchain/nudged.faultline.ts'
import { judge, runScenario } from '../../../faultline/index.ts'
import { refundScenario } from '../../support/scenario.ts'
import { gateExamples } from './support/gate-examples.ts'

describe('the LangChain examples, gated', () => {
  gateExamples('langchain', {
    nudgedJudges: {
      // Its refund outlives the turn: stripe-node has an 80 s
      // timeout, 2 retries by default
      // (node_modules/stripe/esm/stripe.esm.node.js:100, :180).
      // Or, asked again after a success, a new key.
      1: ['effect-after-deadline', 'duplicate-effect'],
    },
  })

  it('nudged: asked again, a new tool call id is a new key, so the refund lands twice', async () => {
    const again = refundScenario({ model: { maxAsks: 2, regenerateArgs: false, askAgainAfterSuccess: true } })
    const { history } = await runScenario(again, nudged)
    const found = judge(history).violations
    expect(found.map((v) => [v.judge, v.call])).toEqual([['duplicate-effect', 'run-7/s1']])
  })
})
