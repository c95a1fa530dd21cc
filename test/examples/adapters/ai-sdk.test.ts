// The AI SDK examples gated as a team would gate them,
// SDKs at their default hosts: the nudged tools (key
// from toolCallId, no deadline) are caught, the
// careful ones pass 1,000 runs on two seeds.
import { describe } from 'vitest'
import { gateExamples } from './support/gate-examples.ts'

describe('the AI SDK examples, gated', () => {
  gateExamples('ai-sdk', {
    nudgedJudges: {
      // resend has no timeout, and the tool ignores abortSignal;
      // or, asked again after a success, a new key (as on 2).
      1: ['returned-after-deadline', 'duplicate-effect'],
      // Asked again after a success: a new toolCallId, a new key.
      2: 'duplicate-effect',
    },
  })
})
