// The PayPal trap: refunds without a
// PayPal-Request-Id. A gate with PayPal as the
// payments vendor (seed 1) catches it within
// 1,000 runs, by duplicate-effect.
import { describe, expect, it } from 'vitest'
import paypalRefundWithoutRequestId, { catches } from '../../../executors/flawed/paypal-refund-without-request-id.ts'
import { search } from '../../../harness/campaign/search.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const GATE = { runs: 1_000, seed: 1 }
const vendors = { payments: 'paypal', email: 'resend' } as const

describe('paypal-refund-without-request-id', () => {
  it('declares PayPal (its mistake is PayPal-only) and names its judge', async () => {
    expect(await paypalRefundWithoutRequestId.declare()).toMatchObject({ vendors: expect.arrayContaining(['paypal']) })
    expect(catches).toBe('duplicate-effect')
  })

  it('is caught by duplicate-effect within 1,000 runs (seed 1, payments=paypal)', async () => {
    console.log(`paypal-refund-without-request-id: gate seed ${GATE.seed}, vendors paypal+resend`)
    const judges = new Set<string>()
    const result = await search(paypalRefundWithoutRequestId, {
      ...GATE,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ vendors }),
      onRun: (_i, violations) => violations.forEach((v) => judges.add(v.judge)),
    })
    expect(result.counterexample, 'not caught in 1,000 runs').not.toBeNull()
    console.log(`first failure at run ${result.summary.firstFailureRun}; judges ${[...judges].join(', ')}`)
    expect([...judges]).toContain(catches)
    expect(result.counterexample!.scenario.vendors).toMatchObject({ payments: 'paypal' })
  }, 60_000)
})
