// The reference's charge_card and issue_refund
// against Square: the key in the JSON body; a
// lost answer is looked for by the key in the
// payment's note or the refund's reason, then
// replayed under the same key (docs/vendors.md Q…).
import { describe, expect, it } from 'vitest'
import { readSquare } from '../../../../executors/reference/vendors/square-reading.ts'
import { gate } from '../../../../faultline/index.ts'
import type { Observed } from '../../../../harness/contract/mapping.ts'
import type { Fault } from '../../../../harness/faults/catalogue.ts'
import type { Scenario } from '../../../../harness/scenario/scenario.ts'
import { refundScenario } from '../../../support/scenario.ts'
import { referenceRun } from './support/reference-run.ts'

const CHARGE = {
  stepId: 's1',
  tool: 'charge_card',
  args: { amount: 49.9, currency: 'eur', order_id: 'ORD-1' },
} as const

const scenario = (faults: Fault[] = [], extra: Partial<Scenario> = {}) =>
  refundScenario({ vendors: { payments: 'square' }, faults, ...extra })

const run = referenceRun

describe('the reference against Square: issue_refund', () => {
  it('one RefundPayment of the plan payment; the refund id reported', async () => {
    const r = await run(scenario())
    expect(r.sends.map((e) => e.path)).toEqual(['/v2/refunds'])
    expect(r.probes).toEqual([])
    expect(r.effects).toEqual([expect.objectContaining({ amount: 4990, target: 'pi_1' })])
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      effect: { type: 'refund', id: r.effects[0]!.effect },
      action_taken: 'sent',
    })
    expect(r.violations).toEqual([])
  })

  it('the answer lost after the refund: found by its reason in ListPaymentRefunds, not resent', async () => {
    const r = await run(scenario([{ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }]))
    expect(r.sends).toHaveLength(1)
    expect(r.probes.map((e) => e.path)).toContain('/v2/refunds')
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      action_taken: 'probed-found',
      effect: { id: r.effects[0]!.effect },
    })
    expect(r.violations).toEqual([])
  })

  it('a 500 before applying is not kept under the key: looked, replayed under it, one refund', async () => {
    const r = await run(
      scenario([{ kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 's1', send: 1, mode: '500' }]),
    )
    expect(r.sends).toHaveLength(2)
    expect(new Set(r.sends.map((e) => e.fingerprint)).size).toBe(1)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', action_taken: 'resent-same-key' })
    expect(r.violations).toEqual([])
  })

  it('RATE_LIMITED sent nothing: resent, one refund', async () => {
    const r = await run(scenario([{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 429 }]))
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    expect(r.violations).toEqual([])
  })

  it('a 409 while the key is in flight: looked for, then confirmed; one refund', async () => {
    const r = await run(scenario([{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 409 }]))
    expect(r.effects).toHaveLength(1)
    expect(r.envelope?.status).toBe('SUCCEEDED')
    expect(r.violations).toEqual([])
  })

  it('INVALID_REQUEST_ERROR is a refusal: not resent, FAILED_NO_EFFECT', async () => {
    const r = await run(scenario([{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 400 }]))
    expect(r.sends).toHaveLength(1)
    expect(r.effects).toEqual([])
    expect(r.envelope).toMatchObject({ status: 'FAILED_NO_EFFECT', action_taken: 'rejected', retry_safe: false })
    expect(r.violations).toEqual([])
  })
})

describe('the reference against Square: charge_card', () => {
  it('one CreatePayment, COMPLETED; the payment id reported', async () => {
    const r = await run(scenario([], { plan: [CHARGE] }))
    expect(r.sends.map((e) => e.path)).toEqual(['/v2/payments'])
    expect(r.effects).toEqual([expect.objectContaining({ amount: 4990 })])
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'charge', id: r.effects[0]!.effect } })
    expect(r.violations).toEqual([])
  })

  it('the answer lost after the charge, the list 4 s behind: found by its note, or replayed; one charge', async () => {
    const r = await run(
      scenario([{ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }], {
        plan: [CHARGE],
        services: { payments: { processingMs: 20, visibilityLagMs: 4_000, paymentIntents: [] } },
      }),
    )
    expect(r.probes.filter((e) => e.path === '/v2/payments').length).toBeGreaterThan(0)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'charge', id: r.effects[0]!.effect } })
    expect(r.violations).toEqual([])
  })

  it('a request held past the deadline lands late: the reference never reports it done nor failed', async () => {
    const r = await run(
      scenario([{ kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 1, delayMs: 60_000 }], {
        plan: [CHARGE],
      }),
    )
    expect(r.effects.length).toBeLessThanOrEqual(1)
    expect(r.violations).toEqual([])
  })
})

describe("the reference's reading of Square answers", () => {
  const answer = (status: number, body: unknown): Observed => ({
    client: 'fetch',
    request: { method: 'POST', url: 'https://payments.test/v2/payments', purpose: 'send' },
    response: { status, headers: {}, body },
  })
  const err = (status: number, category: string, code: string) =>
    answer(status, { errors: [{ category, code, detail: 'd' }] })

  it('reads Square error codes; other shapes are not its', () => {
    // The key's first request may have acted.
    expect(readSquare(err(400, 'INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED'))).toBe('ambiguous')
    expect(readSquare(err(409, 'INVALID_REQUEST_ERROR', 'CONFLICT'))).toBe('ambiguous')
    expect(readSquare(err(429, 'RATE_LIMIT_ERROR', 'RATE_LIMITED'))).toBe('not-sent')
    expect(readSquare(err(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR'))).toBe('ambiguous')
    expect(readSquare(err(503, 'API_ERROR', 'SERVICE_UNAVAILABLE'))).toBe('ambiguous')
    expect(readSquare(err(400, 'INVALID_REQUEST_ERROR', 'REFUND_AMOUNT_INVALID'))).toBe('rejected')
    expect(readSquare(err(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED'))).toBe('rejected')
    expect(readSquare(err(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND'))).toBe('rejected')
    expect(readSquare(answer(200, { payment: { id: 'p', status: 'COMPLETED' } }))).toBeNull()
    // SendGrid's errors carry no category; Stripe's is an object.
    expect(readSquare(answer(400, { errors: [{ message: 'm', field: 'f' }] }))).toBeNull()
    expect(readSquare(answer(400, { error: { type: 'invalid_request_error' } }))).toBeNull()
    expect(readSquare(answer(502, '<html>'))).toBeNull()
  })
})

describe('a gate of the reference with Square as the payments vendor', () => {
  it('passes 300 runs (seed 1)', async () => {
    const seed = 1
    console.log(`reference gate, payments=square: seed ${seed}`)
    const report = await gate({ executor: 'reference', runs: 300, seed, vendors: 'payments=square', corpus: false })
    if (report.counterexample) console.log(JSON.stringify(report.counterexample, null, 2))
    expect(report.campaign.vendors).toContain('square')
    expect(report.counterexample).toBeNull()
    expect(report.passed).toBe(true)
  }, 120_000)
})
