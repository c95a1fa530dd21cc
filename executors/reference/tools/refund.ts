// issue_refund against the Stripe-shaped payments service.
import { canonicalRefund, type CanonicalRefund } from '../canonical.ts'
import { classifyError, classifyResponse } from '../classify.ts'
import type { ToolAdapter } from './tool-adapter.ts'
import { DEADLINE_HEADER } from '../../../mock-services/deadline.ts'

export function refundAdapter(base: string): ToolAdapter<CanonicalRefund> {
  return {
    tool: 'issue_refund',
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
    async send(body, key, timeoutMs, deadline) {
      try {
        const response = await fetch(`${base}/v1/refunds`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key, [DEADLINE_HEADER]: String(deadline) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
        return await classifyResponse(response)
      } catch (e) {
        return classifyError(e)
      }
    },
    async probe(body, key, timeoutMs) {
      const pi = new URLSearchParams(body).get('payment_intent') ?? ''
      try {
        // Walk the payment intent's refunds, newest first, a page at a time.
        let after: string | null = null
        for (let page = 0; page < 10; page++) {
          const url = `${base}/v1/refunds?payment_intent=${encodeURIComponent(pi)}&limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`
          const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
          if (!response.ok) return { error: `probe answered ${response.status}` }
          const list = (await response.json()) as { data?: { id: string; metadata?: Record<string, string> }[]; has_more?: boolean }
          const hit = list.data?.find((r) => r.metadata?.client_reference === key)
          if (hit) return { found: hit.id }
          if (!list.has_more || !list.data?.length) return { found: null }
          after = list.data.at(-1)!.id
        }
        return { found: null }
      } catch (e) {
        const c = classifyError(e)
        return { error: 'detail' in c ? c.detail : 'unknown error' }
      }
    },
    effectId: (b) => (b as { id: string }).id,
    compensation: () => null, // money sent back cannot be taken back
  }
}
