// The naive executor: what most first versions do. A fresh idempotency key on
// every attempt (so the key protects nothing), one fixed timeout, and a
// timeout or a reset reported as a plain failure the model may retry.
// Expected findings: duplicate effects and false failure reports.
import type { Envelope } from '../harness/contract/envelope.ts'
import type { Executor } from '../harness/contract/executor.ts'

export const naive: Executor = {
  name: 'naive',
  async boot(ctx) {
    return {
      async callTool(call): Promise<Envelope> {
        const amount = Math.round(Number(call.args.amount) * 100)
        const body = new URLSearchParams({ payment_intent: String(call.args.payment_intent), amount: String(amount) })
        try {
          const response = await fetch(`${ctx.services.payments}/v1/refunds`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': crypto.randomUUID() },
            body,
            signal: AbortSignal.timeout(10_000),
          })
          const json = (await response.json()) as { id?: string; error?: { message?: string } }
          if (response.ok) return { status: 'SUCCEEDED', retry_safe: true, effect: { type: 'refund', id: json.id! }, action_taken: 'sent', message: `Refund ${json.id} issued.` }
          const retry = response.status >= 500 || response.status === 429 || response.status === 409
          return { status: 'FAILED_NO_EFFECT', retry_safe: retry, effect: null, action_taken: 'sent', message: json.error?.message ?? `HTTP ${response.status}` }
        } catch (e) {
          return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'sent', message: `The refund failed (${(e as Error).message}); please try again.` }
        }
      },
    }
  },
}
