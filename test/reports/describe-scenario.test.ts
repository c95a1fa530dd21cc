// A scenario in one line: steps, faults, the
// model's quirks, and the profile features its
// failure needs (a gate must allow them).
import { describe, expect, it } from 'vitest'
import { describeScenario } from '../../reports/text.ts'

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
})
