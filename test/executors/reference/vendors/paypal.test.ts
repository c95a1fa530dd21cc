// The reference's charge_card and issue_refund
// against PayPal: a token, then the call under
// its PayPal-Request-Id; a lost answer is looked
// for (a refund in its capture's order; a charge
// in Transaction Search, 3 h behind, then resent
// under the same id) (docs/vendors.md P1…).
import { describe, expect, it } from 'vitest'
import { readPaypal } from '../../../../executors/reference/vendors/paypal-reading.ts'
import { PaypalTokenUnavailable } from '../../../../executors/reference/vendors/paypal-session.ts'
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
  refundScenario({ vendors: { payments: 'paypal' }, faults, ...extra })

const run = referenceRun

describe('the reference against PayPal: issue_refund', () => {
  it('a token (a read), one refund of the capture, the refund id reported', async () => {
    const r = await run(scenario())
    expect(r.probes.map((e) => e.path)).toEqual(['/v1/oauth2/token'])
    expect(r.sends.map((e) => e.path)).toEqual(['/v2/payments/captures/pi_1/refund'])
    expect(r.effects).toEqual([expect.objectContaining({ amount: 4990, target: 'pi_1' })])
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      effect: { type: 'refund', id: r.effects[0]!.effect },
      action_taken: 'sent',
    })
    expect(r.violations).toEqual([])
  })

  it('the answer lost after the refund: found in the order by custom_id, not resent', async () => {
    const r = await run(scenario([{ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }]))
    expect(r.sends).toHaveLength(1)
    expect(r.probes.map((e) => e.path)).toContain('/v2/payments/captures/pi_1')
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      action_taken: 'probed-found',
      effect: { id: r.effects[0]!.effect },
    })
    expect(r.violations).toEqual([])
  })

  it('a PayPal 500 before applying is not kept under the id: looked, resent, one refund', async () => {
    const r = await run(
      scenario([{ kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 's1', send: 1, mode: '500' }]),
    )
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', action_taken: 'resent-same-key' })
    expect(r.violations).toEqual([])
  })

  it('RATE_LIMIT_REACHED sent nothing: resent, one refund', async () => {
    const r = await run(scenario([{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 429 }]))
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    expect(r.violations).toEqual([])
  })

  it('INVALID_REQUEST is a refusal: not resent, FAILED_NO_EFFECT', async () => {
    const r = await run(scenario([{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 400 }]))
    expect(r.sends).toHaveLength(1)
    expect(r.effects).toEqual([])
    expect(r.envelope).toMatchObject({ status: 'FAILED_NO_EFFECT', action_taken: 'rejected' })
    expect(r.violations).toEqual([])
  })
})

describe('the reference against PayPal: charge_card', () => {
  it('one one-step card order; the capture id reported', async () => {
    const r = await run(scenario([], { plan: [CHARGE] }))
    expect(r.sends.map((e) => e.path)).toEqual(['/v2/checkout/orders'])
    expect(r.effects).toEqual([expect.objectContaining({ amount: 4990 })])
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'charge', id: r.effects[0]!.effect } })
    expect(r.violations).toEqual([])
  })

  it('the answer lost after the charge: the search lags, the same id replays it, one charge', async () => {
    const r = await run(
      scenario([{ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }], { plan: [CHARGE] }),
    )
    expect(r.probes.filter((e) => e.path === '/v1/reporting/transactions').length).toBeGreaterThan(0)
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      action_taken: 'resent-same-key',
      effect: { type: 'charge', id: r.effects[0]!.effect },
    })
    expect(r.violations).toEqual([])
  })
})

describe("the reference's reading of PayPal answers", () => {
  const answer = (status: number, body: unknown): Observed => ({
    client: 'fetch',
    request: { method: 'POST', url: 'https://payments.test/v2/payments/captures/pi_1/refund', purpose: 'send' },
    response: { status, headers: {}, body },
  })
  const err = (status: number, name: string, issue?: string) =>
    answer(status, { name, message: 'm', debug_id: 'f1', ...(issue ? { details: [{ issue, description: 'd' }] } : {}) })

  it('reads PayPal error names; other shapes are not its', () => {
    expect(readPaypal(err(409, 'RESOURCE_CONFLICT', 'PREVIOUS_REQUEST_IN_PROGRESS'))).toBe('ambiguous')
    expect(readPaypal(err(429, 'RATE_LIMIT_REACHED'))).toBe('not-sent')
    expect(readPaypal(err(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED'))).toBe('rejected')
    expect(readPaypal(err(400, 'INVALID_REQUEST'))).toBe('rejected')
    expect(readPaypal(err(404, 'RESOURCE_NOT_FOUND'))).toBe('rejected')
    expect(readPaypal(answer(401, { name: 'AUTHENTICATION_FAILURE', message: 'm', links: [] }))).toBe('rejected')
    expect(readPaypal(err(500, 'INTERNAL_SERVER_ERROR'))).toBe('ambiguous')
    expect(readPaypal(err(503, 'SERVICE_UNAVAILABLE'))).toBe('ambiguous')
    expect(
      readPaypal(
        answer(201, {
          id: 'O',
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [{ status: 'DECLINED' }] } }],
        }),
      ),
    ).toBe('rejected')
    expect(readPaypal(answer(201, { id: 'R', status: 'COMPLETED' }))).toBeNull()
    expect(readPaypal(answer(409, { name: 'invalid_idempotent_request', message: 'm' }))).toBeNull()
    expect(readPaypal(answer(400, { error: { type: 'invalid_request_error' } }))).toBeNull()
    expect(readPaypal(answer(502, '<html>'))).toBeNull()
    const noToken: Observed = {
      client: 'fetch',
      request: { method: 'POST', url: 'https://payments.test/v2/checkout/orders', purpose: 'send' },
      error: new PaypalTokenUnavailable('no token'),
    }
    expect(readPaypal(noToken)).toBe('not-sent')
  })
})

describe('a gate of the reference with PayPal as the payments vendor', () => {
  it('passes 300 runs (seed 1)', async () => {
    const seed = 1
    console.log(`reference gate, payments=paypal: seed ${seed}`)
    const report = await gate({ executor: 'reference', runs: 300, seed, vendors: 'payments=paypal', corpus: false })
    if (report.counterexample) console.log(JSON.stringify(report.counterexample, null, 2))
    expect(report.campaign.vendors).toContain('paypal')
    expect(report.counterexample).toBeNull()
    expect(report.passed).toBe(true)
  }, 120_000)
})
