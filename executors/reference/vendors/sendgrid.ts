// send_email the SendGrid way (docs/vendors.md
// G1–G8): POST /v3/mail/send with a Bearer key,
// no idempotency key (SendGrid has none), and no
// way to look an e-mail up. So after an answer
// that may hide a send, the reference never
// resends: it reports UNKNOWN for a person.
import type { Observed } from '../../../harness/contract/mapping.ts'
import { canonicalEmail, emailAdapter, type CanonicalEmail } from '../tools/email.ts'
import { observe } from '../tools/observation.ts'
import type { ToolAdapter } from '../tools/tool-adapter.ts'
import type { Tools } from '../tools/tool-adapter.ts'

/** faultline's deadline header (README). */
const DEADLINE_HEADER = 'x-request-deadline'
/** Any Bearer key: the mock checks its form (G3). */
export const SENDGRID_TEST_KEY = 'SG.faultline.reference'

export function sendgridTools(base: string): Tools {
  return { send_email: sendgridEmailAdapter(base) }
}

export function sendgridEmailAdapter(base: string): ToolAdapter<CanonicalEmail> {
  // Same templates and corrections as Resend's.
  const resend = emailAdapter(base)
  return {
    tool: 'send_email',
    service: 'email',
    effectType: 'email',
    irreversible: true,
    canonical: canonicalEmail,
    body: (op, key, runId, stepId) => {
      const { subject, text } = JSON.parse(resend.body(op, key, runId, stepId)) as { subject: string; text: string }
      return JSON.stringify({
        personalizations: [{ to: [{ email: op.to }] }],
        from: { email: 'support@shop.test', name: 'Support' },
        subject,
        content: [{ type: 'text/plain', value: text }],
        // Carried to its events, never a key (G2).
        custom_args: { client_reference: key, ...(op.corrects ? { corrects: op.corrects } : {}) },
      })
    },
    async send(body, _key, stop, deadline) {
      const url = `${base}/v3/mail/send`
      const observed = await observe({ method: 'POST', url, purpose: 'send' }, () =>
        fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${SENDGRID_TEST_KEY}`,
            'content-type': 'application/json',
            [DEADLINE_HEADER]: String(deadline),
          },
          body,
          signal: stop.signal,
          ...(stop.dispatcher ? { dispatcher: stop.dispatcher } : {}),
        } as RequestInit),
      )
      return withMessageId(observed)
    },
    // Nothing to read back: the Activity API is a
    // paid add-on, and lags (G8).
    probe: async () => ({ unsupported: true }),
    effectId: (b) => (b as { x_message_id?: string } | null)?.x_message_id,
    compensation: resend.compensation,
  }
}

/**
 * A 202's id is its X-Message-Id header (its
 * body is empty, G1); the send step reads ids
 * from a body, so it is handed over as one.
 */
function withMessageId(observed: Observed): Observed {
  if (!('response' in observed)) return observed
  const { status, headers, body } = observed.response
  const id = headers['x-message-id']
  if (status !== 202 || id === undefined || body !== null) return observed
  return { ...observed, response: { ...observed.response, body: { x_message_id: id } } }
}
