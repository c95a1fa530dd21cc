// The reference's send_email against SendGrid:
// no idempotency key, nothing to look up, so a
// send that may have been queued is never resent:
// UNKNOWN, for a person (docs/vendors.md G1, G2,
// G8). Then a gate with SendGrid as the e-mail vendor.
import { describe, expect, it } from 'vitest'
import { readSendgrid } from '../../../../executors/reference/vendors/sendgrid-reading.ts'
import type { Observed } from '../../../../harness/contract/mapping.ts'
import type { Fault } from '../../../../harness/faults/catalogue.ts'
import type { PlanStep, Scenario } from '../../../../harness/scenario/scenario.ts'
import { gate } from '../../../../faultline/index.ts'
import { refundScenario } from '../../../support/scenario.ts'
import { referenceRun } from './support/reference-run.ts'

const EMAIL: PlanStep = {
  stepId: 'confirm',
  tool: 'send_email',
  args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1' },
}

const scenario = (faults: Fault[] = [], extra: Partial<Scenario> = {}) =>
  refundScenario({ vendors: { email: 'sendgrid' }, plan: [EMAIL], faults, ...extra })

const run = referenceRun

describe('the reference against SendGrid', () => {
  it('sends once to /v3/mail/send and reports the X-Message-Id of the 202', async () => {
    const r = await run(scenario())
    expect(r.sends).toEqual([expect.objectContaining({ service: 'email', method: 'POST', path: '/v3/mail/send' })])
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({
      status: 'SUCCEEDED',
      effect: { type: 'email', id: r.effects[0]!.effect },
      action_taken: 'sent',
    })
    expect(r.violations).toEqual([])
  })

  it.each<[string, Fault, number]>([
    ['a reset after the effect', { kind: 'reset-after-effect', boundary: 'after-effect', step: 'confirm', send: 1 }, 1],
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
      1,
    ],
    [
      'a SendGrid 500 before the effect',
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 'confirm', send: 1, mode: '500' },
      0,
    ],
    [
      'a reset before the effect',
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 'confirm', send: 1, mode: 'reset' },
      0,
    ],
  ])('%s: no resend, no look, UNKNOWN for a person, every ask', async (_name, fault, effects) => {
    const r = await run(scenario([fault]))
    expect(r.sends).toHaveLength(1)
    expect(r.probes).toEqual([])
    expect(r.effects).toHaveLength(effects)
    // The model asks again: still no resend.
    expect(r.outcomes.length).toBeGreaterThanOrEqual(1)
    for (const o of r.outcomes)
      expect(o.envelope).toMatchObject({ status: 'UNKNOWN', retry_safe: false, action_taken: 'human-review' })
    expect(r.violations).toEqual([])
  })

  it('after a crash right after the send, the new process never resends: UNKNOWN', async () => {
    const r = await run(
      scenario([
        { kind: 'executor-crash', boundary: 'executor', step: 'confirm', point: 'after-send', nth: 1, pauseMs: 5_000 },
      ]),
    )
    expect(r.sends).toHaveLength(1)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
    expect(r.violations).toEqual([])
  })

  it('a 429 (X-RateLimit-*, no Retry-After) sent nothing: resent once after a pause, one e-mail', async () => {
    const r = await run(
      scenario([
        { kind: 'error-response', boundary: 'response', step: 'confirm', send: 1, status: 429, retryAfterS: 3 },
      ]),
    )
    expect(r.sends).toHaveLength(2)
    expect(r.sends[1]!.t - r.sends[0]!.t).toBeGreaterThanOrEqual(1_000)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED', effect: { id: r.effects[0]!.effect } })
    expect(r.violations).toEqual([])
  })

  it('a refused connection sent nothing: resent, one e-mail', async () => {
    const r = await run(scenario([{ kind: 'connection-refused', boundary: 'before-send', step: 'confirm', send: 1 }]))
    expect(r.sends).toHaveLength(2)
    expect(r.effects).toHaveLength(1)
    expect(r.envelope).toMatchObject({ status: 'SUCCEEDED' })
    expect(r.violations).toEqual([])
  })

  it('a 400 with errors[] is a refusal: not resent, FAILED_NO_EFFECT', async () => {
    const r = await run(
      scenario([{ kind: 'error-response', boundary: 'response', step: 'confirm', send: 1, status: 400 }]),
    )
    expect(r.sends).toHaveLength(1)
    expect(r.effects).toEqual([])
    expect(r.outcomes[0]!.envelope).toMatchObject({
      status: 'FAILED_NO_EFFECT',
      retry_safe: false,
      action_taken: 'rejected',
    })
    expect(r.violations).toEqual([])
  })

  it('on abort, corrects a confirmed e-mail: the correction names the first by its X-Message-Id', async () => {
    const r = await run(
      refundScenario({
        vendors: { email: 'sendgrid' },
        plan: [
          EMAIL,
          {
            stepId: 's2',
            tool: 'issue_refund',
            args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'ORD-1' },
          },
        ],
        faults: [{ kind: 'error-response', boundary: 'response', step: 's2', send: 1, status: 400 }],
        abortOnFailure: true,
        model: { maxAsks: 1, regenerateArgs: false },
        services: {
          payments: { processingMs: 20, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] },
          email: { processingMs: 20 },
        },
      }),
    )
    const emails = r.effects.filter((e) => e.service === 'email')
    expect(emails).toHaveLength(2)
    expect(emails[1]).toMatchObject({ target: emails[0]!.effect })
    expect(r.violations).toEqual([])
  })

  it("reads SendGrid's answers by path and errors[]; others' are not its", () => {
    const at = (url: string, status: number, body: unknown, purpose: 'send' | 'probe' = 'send'): Observed => ({
      client: 'fetch',
      request: { method: 'POST', url, purpose },
      response: { status, headers: {}, body },
    })
    const sg = (status: number, body: unknown) => at('https://api.sendgrid.com/v3/mail/send', status, body)
    const errors = (message: string) => ({ errors: [{ message, field: null, help: null }] })
    expect(readSendgrid(sg(202, null))).toBe('applied')
    expect(readSendgrid(sg(200, null))).toBe('rejected') // sandbox mode: never queued
    expect(readSendgrid(sg(429, errors('too many requests')))).toBe('not-sent')
    expect(readSendgrid(sg(400, errors('Does not contain a valid address.')))).toBe('rejected')
    expect(readSendgrid(sg(401, errors('authorization required')))).toBe('rejected')
    expect(readSendgrid(sg(413, errors('content too large')))).toBe('rejected')
    expect(readSendgrid(sg(500, errors('internal server error')))).toBe('ambiguous')
    expect(readSendgrid(sg(503, errors('service unavailable')))).toBe('ambiguous')
    // A proxy's page: the generic reading's.
    expect(readSendgrid(sg(502, '<html>'))).toBeNull()
    // Square's errors[] at its own path: not SendGrid's.
    expect(readSendgrid(at('https://payments.test/v2/payments', 400, errors('x')))).toBeNull()
    expect(readSendgrid(at('https://email.test/v3/mail/send', 500, errors('x'), 'probe'))).toBeNull()
    expect(
      readSendgrid({
        client: 'fetch',
        request: { method: 'POST', url: 'https://email.test/v3/mail/send', purpose: 'send' },
        error: new Error('x'),
      }),
    ).toBeNull()
  })

  it('passes a gate of 300 runs with SendGrid as the e-mail vendor (seed 1)', async () => {
    const seed = 1
    console.log(`reference gate, email=sendgrid: seed ${seed}`)
    const report = await gate({ executor: 'reference', runs: 300, seed, vendors: 'email=sendgrid', corpus: false })
    if (report.counterexample) console.log(JSON.stringify(report.counterexample, null, 2))
    expect(report.campaign.vendors).toContain('sendgrid')
    expect(report.counterexample).toBeNull()
    expect(report.passed).toBe(true)
  }, 120_000)
})
