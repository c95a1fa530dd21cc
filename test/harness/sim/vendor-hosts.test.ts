// Vendor SDKs at their default hosts: inside a run (and
// under mountServices) api.stripe.com is the payments mock
// and api.resend.com the e-mail mock; nothing leaves.
import { Resend } from 'resend'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { mountServices } from '../../../harness/sim/mount.ts'
import { isSimulatedUrl, serviceOfHost, VENDOR_HOSTS } from '../../../harness/sim/vendor-hosts.ts'
import { EmailService } from '../../../mock-services/email/email.ts'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'
import resendAtDefault from '../../fixtures/vendor-hosts/resend-default-host.ts'
import stripeAtDefault from '../../fixtures/vendor-hosts/stripe-default-host.ts'
import { refundScenario } from '../../support/scenario.ts'

const emailScenario = (): Scenario =>
  refundScenario({
    plan: [
      {
        stepId: 'confirm',
        tool: 'send_email',
        args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1' },
      },
    ],
  })

describe('vendor hosts', () => {
  it('one table: each vendor host names a service; .test names theirs; others none', () => {
    expect(VENDOR_HOSTS).toContain('api.stripe.com')
    expect(VENDOR_HOSTS).toContain('api.resend.com')
    expect(serviceOfHost('API.Stripe.com')).toEqual({ service: 'payments', vendor: 'stripe' })
    expect(serviceOfHost('api.resend.com')).toEqual({ service: 'email', vendor: 'resend' })
    expect(serviceOfHost('payments.test')).toEqual({ service: 'payments', vendor: null })
    expect(serviceOfHost('api.example.com')).toBeNull()
    // Only the API host: not files.stripe.com, not a look-alike.
    expect(serviceOfHost('files.stripe.com')).toBeNull()
    expect(serviceOfHost('api.stripe.com.evil.example')).toBeNull()
    expect(isSimulatedUrl('https://api.resend.com/emails')).toBe(true)
    expect(isSimulatedUrl('https://resend.com/emails')).toBe(false)
  })

  it('stripe-node built with a key alone reaches the payments mock inside a run', async () => {
    const { history } = await runScenario(refundScenario(), stripeAtDefault)
    const sent = eventsOf(history, 'attempt-sent')
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every((e) => e.service === 'payments' && e.call === 'run-7/s1')).toBe(true)
    const effects = eventsOf(history, 'effect-applied')
    expect(effects).toEqual([expect.objectContaining({ service: 'payments', call: 'run-7/s1', amount: 4990 })])
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it('resend built with a key alone reaches the e-mail mock inside a run', async () => {
    const { history } = await runScenario(emailScenario(), resendAtDefault)
    const sent = eventsOf(history, 'attempt-sent')
    expect(sent).toEqual([expect.objectContaining({ service: 'email', method: 'POST', path: '/emails' })])
    expect(eventsOf(history, 'effect-applied')).toEqual([
      expect.objectContaining({ service: 'email', call: 'run-7/confirm' }),
    ])
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it("another vendor's host is not this run's: stripe-node in a Square run is refused, nothing happens", async () => {
    const { history } = await runScenario(refundScenario({ vendors: { payments: 'square' } }), stripeAtDefault)
    expect(eventsOf(history, 'attempt-sent')).toEqual([])
    expect(eventsOf(history, 'effect-applied')).toEqual([])
    const faults = eventsOf(history, 'executor-fault')
    expect(faults.length).toBeGreaterThan(0)
    expect(faults.every((f) => f.problem === 'blocked-network' && f.host === 'api.stripe.com')).toBe(true)
    // The run's own hosts, not every vendor's.
    expect(faults[0]!.message).toMatch(
      /default hosts: connect\.squareup\.com, connect\.squareupsandbox\.com, api\.resend\.com\); api\.stripe\.com is stripe's: play it with --vendors payments=stripe$/,
    )
  })

  it('the AWS SDK without credentials asks the metadata service: refused, with what to set', async () => {
    const imds: Executor = {
      name: 'imds',
      async boot() {
        return {
          async callTool() {
            await fetch('http://169.254.169.254/latest/api/token', { method: 'PUT' }).catch(() => null)
            return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'x', message: 'x' }
          },
        }
      },
    }
    const { history } = await runScenario(refundScenario({ vendors: { payments: 'paypal', email: 'ses' } }), imds)
    const [fault] = eventsOf(history, 'executor-fault')
    expect(fault).toMatchObject({ problem: 'blocked-network', host: '169.254.169.254' })
    expect(fault!.message).toContain('api-m.paypal.com, email.<region>.amazonaws.com)')
    expect(fault!.message).not.toContain('api.stripe.com')
    expect(fault!.message).toMatch(/the AWS SDK looking for credentials .*AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/)
  })

  it('every vendor host names its role and vendor; <role>.test names the role, any vendor', () => {
    expect(serviceOfHost('connect.squareup.com')).toEqual({ service: 'payments', vendor: 'square' })
    expect(serviceOfHost('api-m.sandbox.paypal.com')).toEqual({ service: 'payments', vendor: 'paypal' })
    expect(serviceOfHost('email.eu-west-1.amazonaws.com')).toEqual({ service: 'email', vendor: 'ses' })
    expect(serviceOfHost('api.sendgrid.com')).toEqual({ service: 'email', vendor: 'sendgrid' })
    expect(serviceOfHost('s3.amazonaws.com')).toBeNull()
  })

  it('mountServices serves the vendor hosts too, outside a run', async () => {
    const payments = new PaymentsService(Date.now, { processingMs: 0 })
    payments.seedPaymentIntent('pi_1', 10_000, 'eur')
    const email = new EmailService(Date.now, { processingMs: 0 })
    const mounted = mountServices([payments, email])
    try {
      const refund = await new Stripe('sk_test_x', { maxNetworkRetries: 0 }).refunds.create({
        payment_intent: 'pi_1',
        amount: 100,
      })
      expect(refund).toMatchObject({ object: 'refund', amount: 100 })
      const sent = await new Resend('re_test').emails.send({
        from: 'Shop <support@shop.test>',
        to: ['customer@mail.test'],
        subject: 'Refunded',
        text: 'Refunded.',
      })
      expect(sent.error).toBeNull()
      expect([payments.ledger.entries.length, email.ledger.entries.length]).toEqual([1, 1])
      expect(eventsOf(mounted.history, 'attempt-sent').map((e) => e.service)).toEqual(['payments', 'email'])
    } finally {
      mounted.unmount()
    }
  })
})
