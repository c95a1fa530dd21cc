// The OpenAI Agents JS examples gated as a team would
// gate them, SDKs at their default hosts: the nudged
// tools (key from details.toolCall.callId) are caught,
// the careful ones pass 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import careful from '../../../examples/adapters/openai-agents/careful.faultline.ts'
import nudged from '../../../examples/adapters/openai-agents/nudged.faultline.ts'
import { judge, runScenario } from '../../../faultline/index.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { refundScenario } from '../../support/scenario.ts'
import { gateExamples } from './support/gate-examples.ts'

describe('the OpenAI Agents JS examples, gated', () => {
  gateExamples('openai-agents', {
    nudgedJudges: {
      // They ignore the signal, so a slow send answers after the deadline.
      // Or, asked again after a success, a new key.
      1: ['returned-after-deadline', 'duplicate-effect'],
    },
  })

  it('asked again after "Please try again.", the nudged refund lands twice; the careful one once', async () => {
    // Every SDK try of the first ask lands, then its
    // connection resets; the model takes the sentence
    // at its word and asks again, with a new call id.
    const reset = (send: number) =>
      ({ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send }) as const
    const scenario = refundScenario({
      faults: [reset(1), reset(2), reset(3)],
      model: { maxAsks: 3, regenerateArgs: false, ignoresRetrySafe: true },
    })
    const found = async (executor: typeof nudged) => {
      const { history } = await runScenario(scenario, executor)
      return {
        effects: eventsOf(history, 'effect-applied').length,
        judges: judge(history).violations.map((v) => v.judge),
      }
    }
    expect(await found(nudged)).toEqual({ effects: 2, judges: ['duplicate-effect'] })
    expect(await found(careful)).toEqual({ effects: 1, judges: [] })
  })
})
