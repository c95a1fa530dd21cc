// The naive executor, as most first versions are:
// a fresh key per attempt, one fixed timeout, and
// timeouts reported as retryable failures.
import type { Envelope } from '../harness/contract/envelope.ts'
import type { Executor } from '../harness/contract/executor.ts'

export const naive: Executor = {
  name: 'naive',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    const request = (
      tool: string,
      args: Readonly<Record<string, unknown>>,
    ): { url: string; type: string; body: string; json: boolean } => {
      const cents = String(Math.round(Number(args.amount) * 100))
      if (tool === 'send_email') {
        return {
          url: `${ctx.services.email}/emails`,
          type: 'email',
          json: true,
          body: JSON.stringify({
            from: 'support@shop.test',
            to: [String(args.to)],
            subject: `About order ${String(args.order_id)}`,
            text: String(args.template ?? ''),
          }),
        }
      }
      if (tool === 'charge_card') {
        return {
          url: `${ctx.services.payments}/v1/payment_intents`,
          type: 'charge',
          json: false,
          body: new URLSearchParams({ amount: cents, currency: String(args.currency), confirm: 'true' }).toString(),
        }
      }
      return {
        url: `${ctx.services.payments}/v1/refunds`,
        type: 'refund',
        json: false,
        body: new URLSearchParams({ payment_intent: String(args.payment_intent), amount: cents }).toString(),
      }
    }
    return {
      async callTool(call): Promise<Envelope> {
        const r = request(call.tool, call.args)
        try {
          const response = await fetch(r.url, {
            method: 'POST',
            headers: {
              'content-type': r.json ? 'application/json' : 'application/x-www-form-urlencoded',
              'idempotency-key': crypto.randomUUID(),
            },
            body: r.body,
            signal: AbortSignal.timeout(10_000),
          })
          const json = (await response.json().catch(() => ({}))) as {
            id?: string
            error?: { message?: string }
            message?: string
          }
          if (response.ok)
            return {
              status: 'SUCCEEDED',
              retry_safe: true,
              effect: { type: r.type, id: json.id! },
              action_taken: 'sent',
              message: `Done: ${json.id}.`,
            }
          const retry = response.status >= 500 || response.status === 429 || response.status === 409
          return {
            status: 'FAILED_NO_EFFECT',
            retry_safe: retry,
            effect: null,
            action_taken: 'sent',
            message: json.error?.message ?? json.message ?? `HTTP ${response.status}`,
          }
        } catch (e) {
          return {
            status: 'FAILED_NO_EFFECT',
            retry_safe: true,
            effect: null,
            action_taken: 'sent',
            message: `It failed (${(e as Error).message}); please try again.`,
          }
        }
      },
    }
  },
}
