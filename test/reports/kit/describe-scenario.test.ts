// A scenario in one line: steps, faults, slow
// services, the model's quirks, and the profile
// features its failure needs (a gate must allow them).
import { describe, expect, it } from 'vitest'
import { describeScenario } from '../../../reports/kit/describe-scenario.ts'

const refund = {
  plan: [{ tool: 'issue_refund' }],
  faults: [{ kind: 'reset-after-effect' }],
  model: { askAgainAfterSuccess: true },
}

describe('describeScenario', () => {
  it('says the steps, the faults and the quirks; a vendor-faithful one no profile', () => {
    expect(describeScenario(refund)).toBe('issue_refund; reset-after-effect; model asks again after success')
    expect(describeScenario({ ...refund, profile: [] })).toBe(describeScenario(refund))
  })

  it('names the profile features it kept', () => {
    expect(describeScenario({ ...refund, profile: ['deadline-forwarding'] })).toMatch(
      /; profile vendor\+deadline-forwarding$/,
    )
  })

  it('says a slowness the failure may need: services of a second or more, reads that lag', () => {
    const quick = { payments: { processingMs: 250 }, email: { processingMs: 250 } }
    expect(describeScenario({ ...refund, services: quick })).toBe(describeScenario(refund))
    const slow = { payments: { processingMs: 2_000, visibilityLagMs: 4_000 }, email: { processingMs: 2_000 } }
    expect(describeScenario({ ...refund, services: slow })).toBe(
      'issue_refund; reset-after-effect; services take 2000 ms; reads lag 4000 ms; model asks again after success',
    )
  })
})
