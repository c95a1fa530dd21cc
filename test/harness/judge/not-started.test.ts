import { describe, expect, it } from 'vitest'
import { notStarted } from '../../../harness/judge/not-started.ts'
import type { History } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('notStarted', () => {
  it('counts FAILED_NO_EFFECT answers given without sending anything, and nothing else', () => {
    const envelope = (status: 'FAILED_NO_EFFECT' | 'SUCCEEDED') => ({
      status,
      retry_safe: true,
      effect: null,
      action_taken: 'x',
      message: '',
    })
    const h = [
      { seq: 0, t: 0, type: 'call-started', call: 'r/s1', tool: 'issue_refund', ask: 1, args: {} },
      { seq: 1, t: 0, type: 'outcome-reported', call: 'r/s1', ask: 1, envelope: envelope('FAILED_NO_EFFECT') },
      { seq: 2, t: 0, type: 'call-started', call: 'r/s1', tool: 'issue_refund', ask: 2, args: {} },
      {
        seq: 3,
        t: 0,
        type: 'attempt-sent',
        attempt: 1,
        call: 'r/s1',
        service: 'payments',
        method: 'POST',
        path: '/v1/refunds',
        probe: false,
        mutation: 1,
      },
      { seq: 4, t: 0, type: 'outcome-reported', call: 'r/s1', ask: 2, envelope: envelope('FAILED_NO_EFFECT') },
      { seq: 5, t: 0, type: 'call-started', call: 'r/s2', tool: 'issue_refund', ask: 1, args: {} },
      { seq: 6, t: 0, type: 'outcome-reported', call: 'r/s2', ask: 1, envelope: envelope('SUCCEEDED') },
    ] as History
    expect(notStarted(h)).toBe(1)
  })

  it('records the reference executor refusing to start a refund with too little of the turn left', async () => {
    const { history } = await runScenario(
      refundScenario({ turnBudgetMs: 2_500, model: { maxAsks: 1, regenerateArgs: false } }),
      reference,
    )
    expect(notStarted(history)).toBe(1)
    const report = history.find((e) => e.type === 'outcome-reported')
    expect(report).toMatchObject({ envelope: { status: 'FAILED_NO_EFFECT', action_taken: 'refused-budget' } })
    expect(history.some((e) => e.type === 'attempt-sent')).toBe(false)
  })
})
