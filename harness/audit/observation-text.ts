// An observation in words: a structural signature
// (free text left out) and a line for people. Never
// throws, whatever the client threw.
import type { Observed } from '../contract/mapping.ts'

interface Link {
  readonly ctor: string
  readonly name: string
  readonly message: string
  readonly code: string | null
  readonly status: string | null
  readonly bodyCode: string | null
}

/** Equal for observations a mapping cannot tell apart. */
export function signatureOf(observed: Observed): string {
  return safe(() => {
    const head = `${observed.client} ${observed.request.purpose}`
    if ('response' in observed)
      return `${head} | HTTP ${observed.response.status} ${bodyCode(observed.response.body) ?? ''}`.trimEnd()
    return `${head} | ${chain(observed.error)
      .map(
        (l) =>
          `${l.ctor}/${l.name}${l.code ? `[${l.code}]` : ''}${l.status ? `{${l.status}}` : ''}${l.bodyCode ? `<${l.bodyCode}>` : ''}`,
      )
      .join(' <- ')}`
  }, `${observed.client} unreadable`)
}

/**
 * The observation for people, e.g.
 * `TypeError: fetch failed ← SocketError: …`.
 */
export function showOf(observed: Observed): string {
  return safe(() => {
    const probe = observed.request.purpose === 'probe' ? 'probe: ' : ''
    if ('response' in observed) {
      const code = bodyCode(observed.response.body)
      return `${probe}HTTP ${observed.response.status}${code ? ` ${code}` : typeof observed.response.body === 'string' ? ' (not JSON)' : ''}`
    }
    const text = chain(observed.error)
      .map((l) => {
        const who = l.ctor === l.name || l.ctor === 'Object' ? l.name : `${l.ctor} (name ${l.name})`
        const tags = [l.code ? `[${l.code}]` : '', l.status ? `status ${l.status}` : '', l.bodyCode ?? '']
          .filter(Boolean)
          .join(' ')
        return `${who}: ${l.message}${tags ? ` ${tags}` : ''}`
      })
      .join(' ← ')
    return `${probe}${text}`.slice(0, 300)
  }, 'an unreadable observation')
}

function chain(error: unknown): Link[] {
  const links: Link[] = []
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    links.push(link(e))
    if (typeof e !== 'object') break
    const next = (e as { cause?: unknown; detail?: unknown }).cause ?? (e as { detail?: unknown }).detail
    e = typeof next === 'object' ? next : undefined
  }
  return links
}

function link(e: unknown): Link {
  if (typeof e !== 'object' || e === null)
    return {
      ctor: typeof e,
      name: typeof e,
      message: String(e).slice(0, 120),
      code: null,
      status: null,
      bodyCode: null,
    }
  const o = e as Record<string, unknown>
  const ctor = safe(() => (e as object).constructor?.name ?? 'null-prototype', 'unknown')
  const name = typeof o.name === 'string' ? o.name : ctor
  const message = (typeof o.message === 'string' ? o.message : '').split('\n')[0]!.slice(0, 160)
  const code = typeof o.code === 'string' ? o.code : null
  const response =
    typeof o.response === 'object' && o.response !== null ? (o.response as Record<string, unknown>) : null
  const rawStatus = statusOfError(o, response)
  const status = rawStatus === undefined ? null : String(rawStatus)
  // The body it carries: axios's data, stripe's
  // raw, sendgrid's response.body, square's
  // body, paypal's parsed result.
  const body =
    response?.data ??
    response?.body ??
    (typeof o.raw === 'object' ? o.raw : undefined) ??
    (typeof o.body === 'object' && o.body !== null ? o.body : undefined) ??
    (typeof o.result === 'object' && o.result !== null ? o.result : undefined)
  return { ctor, name, message, code, status, bodyCode: body === undefined ? null : bodyCode(body) }
}

/**
 * An SDK error's status: axios's response.status;
 * stripe's, resend's (null: no answer), square's,
 * paypal's statusCode; the AWS SDK's
 * $metadata.httpStatusCode; sendgrid's numeric
 * `code` beside its response.body.
 */
function statusOfError(o: Record<string, unknown>, response: Record<string, unknown> | null): unknown {
  if (response?.status !== undefined) return response.status
  if (Object.hasOwn(o, 'statusCode') && o.statusCode !== undefined) return o.statusCode
  const metadata =
    typeof o.$metadata === 'object' && o.$metadata !== null ? (o.$metadata as Record<string, unknown>) : null
  if (metadata?.httpStatusCode !== undefined) return metadata.httpStatusCode
  // Not DOMException's legacy numeric code.
  return typeof o.code === 'number' && response !== null && 'body' in response ? o.code : undefined
}

/**
 * The error code a body names: PayPal's first
 * issue, Stripe's error.code (or type),
 * Resend's (and PayPal's) name, Square's
 * errors[0].code.
 */
function bodyCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as {
    details?: readonly { issue?: unknown }[]
    error?: { code?: unknown; type?: unknown }
    errors?: readonly { code?: unknown }[]
    name?: unknown
    code?: unknown
    type?: unknown
  }
  const issue = Array.isArray(b.details) ? b.details[0]?.issue : undefined
  const square = Array.isArray(b.errors) ? b.errors[0]?.code : undefined
  const found = issue ?? b.error?.code ?? b.error?.type ?? b.name ?? b.code ?? b.type ?? square
  return typeof found === 'string' ? found : null
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn()
  } catch {
    return fallback
  }
}
