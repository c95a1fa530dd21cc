// The reference's send_email against SES v2: no
// token, no lookup, so a send that may have
// landed is never resent: UNKNOWN, for a person
// (docs/vendors.md A1, A3). Then a gate with
// SES as the e-mail vendor.
import { describe, expect, it } from 'vitest'
import { readSes } from '../../../../executors/reference/vendors/ses-reading.ts'
import type { Observed } from '../../../../harness/contract/mapping.ts'
import type { Fault } from '../../../../harness/faults/catalogue.ts'
import { gate } from '../../../../faultline/index.ts'
import { refundScenario } from '../../../support/scenario.ts'
import { referenceRun } from './support/reference-run.ts'

const EMAIL = {
  stepId: 'confirm',
  tool: 'send_email',
  args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1' },
} as const

const scenario = (faults: Fault[] = [], extra = {}) =>
  refundScenario({ vendors: { email: 'ses' }, plan: [EMAIL], faults, ...extra })

const run = (faults: Fault[] = []) => referenceRun(scenario(faults))

describe('the reference against SES v2', () => {
  it('sends once to /v2/email/outbound-emails and reports the MessageId', async () => {
    const r = await run()
    expect(r.sends).toEqual([expect.objectContaining({ service: 'email', path: '/v2/email/outbound-emails' })])
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      effect: { type: 'email', id: r.effects[0]!.effect },
      action_taken: 'sent',
    })
    expect(r.violations).toEqual([])
  })

  it.each<[string, Fault]>([
    ['a reset after the effect', { kind: 'reset-after-effect', boundary: 'after-effect', step: 'confirm', send: 1 }],
    [
      "a proxy's 502 after the effect",
      {
        kind: 'gateway-error',
        boundary: 'gateway',
        step: 'confirm',
        send: 1,
        status: 502,
        upstream: 'acted',
        afterMs: 0,
      },
    ],
    [
      'an SES 500 before the effect',
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 'confirm', send: 1, mode: '500' },
    ],
  ])('%s: no resend, no look, UNKNOWN for a person', async (_name, fault) => {
    const r = await run([fault])
    expect(r.sends).toHaveLength(1)
    expect(r.probes).toEqual([])
    expect(r.envelope).toMatchObject({ status: 'UNKNOWN', retry_safe: false, action_taken: 'human-review' })
    expect(r.effects.length).toBeLessThanOrEqual(1)
    expect(r.violations).toEqual([])
  })

  it('a 429 (TooManyRequestsException) sent nothing: resent once, one e-mail', async () => {
    const r = await run([{ kind: 'error-response', boundary: 'response', step: 'confirm', send: 1, status: 429 }])
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    // The shared send step's word; SES got no key.
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', action_taken: 'resent-same-key' })
    expect(r.violations).toEqual([])
  })

  it('a BadRequestException is a refusal: not resent, FAILED_NO_EFFECT', async () => {
    const r = await run([{ kind: 'error-response', boundary: 'response', step: 'confirm', send: 1, status: 400 }])
    expect(r.sends).toHaveLength(1)
    expect(r.effects).toEqual([])
    expect(r.envelope).toMatchObject({ status: 'FAILED_NO_EFFECT', retry_safe: false, action_taken: 'rejected' })
    expect(r.violations).toEqual([])
  })

  it('reads SES answers by x-amzn-ErrorType; other shapes are not its', () => {
    const answer = (status: number, headers: Record<string, string>, body: unknown): Observed => ({
      client: 'fetch',
      request: { method: 'POST', url: 'https://email.test/v2/email/outbound-emails', purpose: 'send' },
      response: { status, headers, body },
    })
    const err = (status: number, type: string) => answer(status, { 'x-amzn-errortype': type }, { message: 'm' })
    expect(readSes(answer(200, {}, { MessageId: 'x' }))).toBe('applied')
    expect(readSes(err(429, 'TooManyRequestsException'))).toBe('not-sent')
    expect(readSes(err(400, 'MessageRejected'))).toBe('rejected')
    expect(readSes(err(400, 'LimitExceededException'))).toBe('rejected')
    expect(readSes(err(500, 'InternalFailure:http://internal.amazon.com/coral/'))).toBe('ambiguous')
    expect(readSes(err(503, 'ServiceUnavailable'))).toBe('ambiguous')
    expect(readSes(answer(502, { 'content-type': 'text/html' }, '<html>'))).toBeNull()
    expect(readSes(answer(200, {}, { id: 're_1' }))).toBeNull()
  })

  it('passes a gate of 300 runs with SES as the e-mail vendor (seed 1)', async () => {
    const seed = 1
    console.log(`reference gate, email=ses: seed ${seed}`)
    const report = await gate({ executor: 'reference', runs: 300, seed, vendors: 'email=ses', corpus: false })
    if (report.counterexample) console.log(JSON.stringify(report.counterexample, null, 2))
    expect(report.campaign.vendors).toContain('ses')
    expect(report.counterexample).toBeNull()
    expect(report.passed).toBe(true)
  }, 120_000)
})
