// issue_refund against the Stripe-shaped service.
import { canonicalRefund, type CanonicalRefund } from './canonical.ts'
import { findInStripeList, sendWithKey } from './http.ts'
import type { ToolAdapter } from './tool-adapter.ts'

export function refundAdapter(base: string): ToolAdapter<CanonicalRefund> {
  return {
    tool: 'issue_refund',
    service: 'payments',
    effectType: 'refund',
    irreversible: false,
    canonical(args) {
      const c = canonicalRefund(args)
      return c.ok ? { ok: true, op: c.value } : c
    },
    body: (op, key, runId, stepId) =>
      new URLSearchParams({
        payment_intent: op.payment_intent,
        amount: String(op.amount),
        'metadata[client_reference]': key,
        'metadata[order_id]': op.order_id,
        'metadata[run_id]': runId,
        'metadata[step_id]': stepId,
      }).toString(),
    send: (body, key, stop, deadline) =>
      sendWithKey(`${base}/v1/refunds`, 'application/x-www-form-urlencoded', body, key, stop, deadline),
    probe: (body, key, timeoutMs) =>
      findInStripeList(
        `${base}/v1/refunds?payment_intent=${encodeURIComponent(new URLSearchParams(body).get('payment_intent') ?? '')}`,
        (r) => r.metadata?.client_reference === key,
        timeoutMs,
      ),
    effectId: (b) => (b as { id?: string } | null)?.id,
    compensation: () => null, // money sent back cannot be taken back
  }
}
