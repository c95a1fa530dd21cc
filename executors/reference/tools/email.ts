// send_email against the Resend-shaped service.
// Irreversible: a sent e-mail can only be corrected.
import { lookAt, sendWithKey } from './http.ts'
import type { ToolAdapter } from './tool-adapter.ts'

export interface CanonicalEmail {
  readonly to: string
  readonly template: string
  readonly order_id: string
  /** For a correction: the e-mail it corrects. */
  readonly corrects: string
}

const TEMPLATES: Record<string, (orderId: string) => { subject: string; text: string }> = {
  refund_confirmation: (o) => ({
    subject: `Your refund for order ${o.toUpperCase()}`,
    text: `We have refunded your order ${o.toUpperCase()}. It can take 5-10 days to appear on your statement.`,
  }),
  refund_correction: (o) => ({
    subject: `A correction about order ${o.toUpperCase()}`,
    text: `Please disregard our earlier message about order ${o.toUpperCase()}.`,
  }),
}

export function canonicalEmail(
  args: Readonly<Record<string, unknown>>,
): { ok: true; op: CanonicalEmail } | { ok: false; problem: string } {
  const to = typeof args.to === 'string' ? args.to.trim().toLowerCase() : ''
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) return { ok: false, problem: 'to must be an e-mail address' }
  const template = typeof args.template === 'string' ? args.template.trim().toLowerCase() : ''
  if (!Object.hasOwn(TEMPLATES, template))
    return { ok: false, problem: `template must be one of ${Object.keys(TEMPLATES).join(', ')}` }
  const order = typeof args.order_id === 'string' ? args.order_id.trim().toLowerCase() : ''
  if (order === '') return { ok: false, problem: 'order_id must be a non-empty string' }
  const corrects = typeof args.corrects === 'string' ? args.corrects.trim() : ''
  return { ok: true, op: { to, template, order_id: order, corrects } }
}

export function emailAdapter(base: string): ToolAdapter<CanonicalEmail> {
  return {
    tool: 'send_email',
    service: 'email',
    effectType: 'email',
    irreversible: true,
    canonical: canonicalEmail,
    body: (op, key) => {
      const { subject, text } = TEMPLATES[op.template]!(op.order_id)
      const tags = [
        { name: 'client_reference', value: key },
        ...(op.corrects ? [{ name: 'corrects', value: op.corrects }] : []),
      ]
      return JSON.stringify({ from: 'Support <support@shop.test>', to: [op.to], subject, text, tags })
    },
    send: (body, key, stop, deadline) => sendWithKey(`${base}/emails`, 'application/json', body, key, stop, deadline),
    async probe(_body, key, timeoutMs) {
      const got = await lookAt(`${base}/emails?tag=${encodeURIComponent(`client_reference:${key}`)}`, timeoutMs)
      if ('failed' in got && 'response' in got.failed && got.failed.response.status === 404)
        return { unsupported: true } // this service offers no lookup
      if (!('body' in got)) return got
      const list = got.body as { tag?: string; data?: { id: string }[] }
      // Resend's list ignores the tag (docs/vendors.md R4):
      // an unfiltered list proves nothing, even empty.
      if (list.tag !== `client_reference:${key}`) return { unsupported: true }
      return { found: list.data?.[0]?.id ?? null }
    },
    effectId: (b) => (b as { id?: string } | null)?.id,
    // Corrected, never unsent; a correction gets none.
    compensation: (op) =>
      op.corrects
        ? null
        : {
            tool: 'send_email',
            args: { to: op.to, template: 'refund_correction', order_id: op.order_id },
            effectArg: 'corrects',
          },
  }
}
