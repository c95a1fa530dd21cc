// Bug: After an unknown CreatePayment, Square's documented recipe: cancel by the key, and on a 200 create again under a new key.
// Caught by: duplicate-effect.
// CancelPaymentByIdempotencyKey answers 200
// and does nothing when no payment stands
// under the key (Q13) — also when the first
// request is still in the network. Created
// again under a new key, the customer pays
// twice once the first lands. (A landed,
// COMPLETED payment can't be voided: a 400,
// then the reference's look finds it.)
import type { Observed } from '../../harness/contract/mapping.ts'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import { observe } from '../reference/tools/observation.ts'
import { squareTools } from '../reference/vendors/square.ts'

export const catches: JudgeName = 'duplicate-effect'

function cancelByKey(base: string, key: string, timeoutMs: number): Promise<Observed> {
  const url = `${base}/v2/payments/cancel`
  return observe({ method: 'POST', url, purpose: 'probe' }, () =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer EAAAfaultline-reference', 'content-type': 'application/json' },
      body: JSON.stringify({ idempotency_key: key }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
  )
}

const cancelFirst: ToolChoice = (ctx) => {
  if (ctx.vendors.payments !== 'square') return byVendor(ctx)
  const base = ctx.services.payments
  const charge = squareTools(base).charge_card!
  // Keys a cancel answered 200 for: spent;
  // refused (COMPLETED): landed, look instead.
  const spent = new Set<string>()
  const landed = new Set<string>()
  return {
    ...byVendor(ctx),
    charge_card: {
      ...charge,
      // "Cancelled, or never made: none stands."
      async probe(body, key, timeoutMs) {
        if (landed.has(key)) return charge.probe(body, key, timeoutMs)
        const cancelled = await cancelByKey(base, key, timeoutMs)
        if (!('response' in cancelled)) return { error: 'cancel by key: no answer' }
        if (cancelled.response.status !== 200) {
          landed.add(key)
          return charge.probe(body, key, timeoutMs)
        }
        spent.add(key)
        return { found: null }
      },
      // The old key is spent: a new one (≤ 45).
      send: (body, key, stop, deadline) =>
        charge.send(body, spent.has(key) ? `${key.slice(0, 40)}-new` : key, stop, deadline),
    },
  }
}

export default {
  ...createReferenceExecutor(
    {
      ...REFERENCE_POLICY,
      tools: cancelFirst,
    },
    'square-cancel-then-recreate',
  ),
  declare: () => ({ vendors: ['square', 'resend', 'ses', 'sendgrid'] as const }),
}
