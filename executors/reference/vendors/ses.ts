// send_email against SES v2 (docs/vendors.md A1…):
// SendEmail takes no idempotency token and SES
// has no lookup by tag, so an ambiguous send can
// be neither resent nor found: the reference
// says UNKNOWN and hands it to a person.
import type { Observed } from '../../../harness/contract/mapping.ts'
import { canonicalEmail, type CanonicalEmail, emailAdapter } from '../tools/email.ts'
import { observe } from '../tools/observation.ts'
import type { StopWaiting } from '../tools/stop-waiting.ts'
import type { ToolAdapter } from '../tools/tool-adapter.ts'
import type { Tools } from '../tools/tool-adapter.ts'

/** SendEmail's path (A2). */
const SEND_EMAIL = '/v2/email/outbound-emails'

/** faultline's header; SES ignores it (A12). */
const DEADLINE_HEADER = 'x-request-deadline'

/**
 * A SigV4-shaped Authorization: SES refuses a
 * request without one (A9); the mock does not
 * check the signature, so none is computed.
 */
function authorization(now: Date): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, '')
  return {
    'x-amz-date': amzDate,
    authorization: `AWS4-HMAC-SHA256 Credential=AKIDFAULTLINE/${amzDate.slice(0, 8)}/us-east-1/ses/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${'0'.repeat(64)}`,
  }
}

export function sesEmailAdapter(base: string): ToolAdapter<CanonicalEmail> {
  // Resend's adapter writes the message (its
  // templates); SES gets the same words.
  const words = emailAdapter(base)
  return {
    ...words,
    body(op, key, runId, stepId) {
      const m = JSON.parse(words.body(op, key, runId, stepId)) as {
        from: string
        to: string[]
        subject: string
        text: string
        tags: { name: string; value: string }[]
      }
      return JSON.stringify({
        FromEmailAddress: m.from,
        Destination: { ToAddresses: m.to },
        Content: {
          Simple: {
            Subject: { Data: m.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: m.text, Charset: 'UTF-8' } },
          },
        },
        // The key rides as a tag: only for people
        // reading event logs; SES cannot find by it.
        EmailTags: m.tags.map((t) => ({ Name: t.name, Value: t.value })),
      })
    },
    canonical: canonicalEmail,
    // No token: `key` is not sent (A1).
    send: (body, _key, stop, deadline) => sendEmail(`${base}${SEND_EMAIL}`, body, stop, deadline),
    // No lookup by tag or reference (A3).
    probe: async () => ({ unsupported: true }),
    effectId: (b) => (b as { MessageId?: string } | null)?.MessageId,
  }
}

function sendEmail(url: string, body: string, stop: StopWaiting, deadline: number): Promise<Observed> {
  return observe({ method: 'POST', url, purpose: 'send' }, () =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...authorization(new Date()),
        [DEADLINE_HEADER]: String(deadline),
      },
      body,
      signal: stop.signal,
      ...(stop.dispatcher ? { dispatcher: stop.dispatcher } : {}),
    } as RequestInit),
  )
}

/** The reference's send_email for SES. */
export function sesTools(base: string): Tools {
  return { send_email: sesEmailAdapter(base) }
}
