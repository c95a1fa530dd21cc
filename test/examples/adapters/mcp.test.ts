// The MCP examples gated as a team would gate them,
// SDKs at their default hosts: the nudged server (key
// from extra.requestId, idempotentHint declared) is
// caught; the careful one passes 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import nudged from '../../../examples/adapters/mcp/nudged.faultline.ts'
import { judge, runScenario } from '../../../faultline/index.ts'
import { refundScenario } from '../../support/scenario.ts'
import { gateExamples } from './support/gate-examples.ts'

// A second refund, and a broken idempotentHint.
const caughtBy = ['duplicate-effect', 'declared-contract']

describe('the MCP examples, gated', () => {
  gateExamples('mcp', { nudgedJudges: { 1: caughtBy } })

  it('asked again after a success, the nudged server refunds twice: a new requestId, a new key', async () => {
    const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: false, askAgainAfterSuccess: true } })
    const { history } = await runScenario(scenario, nudged)
    const found = judge(history).violations.map((v) => v.judge)
    for (const name of caughtBy) expect(found).toContain(name)
  })
})
