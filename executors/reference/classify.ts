// The exception mapping: what a client error or a response means for the
// effect. Not-sent and rejected are certain; everything else is ambiguous,
// and so is anything we do not recognise.

export type Classified =
  | { readonly kind: 'succeeded'; readonly body: unknown }
  | { readonly kind: 'not-sent'; readonly detail: string } // the request never left: safe to send again
  | { readonly kind: 'rejected'; readonly status: number; readonly detail: string } // the service refused it: no effect, do not retry
  | { readonly kind: 'in-flight'; readonly detail: string } // 409: the same key is being processed right now
  | { readonly kind: 'rate-limited'; readonly retryAfterMs: number; readonly detail: string } // 429: refused before processing; wait as told
  | { readonly kind: 'ambiguous'; readonly detail: string; readonly retryAfterMs?: number } // it may have landed

/** Codes that prove the request was never sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

export function classifyError(error: unknown): Classified {
  const code = errorCode(error)
  if (code && NOT_SENT_CODES.has(code)) return { kind: 'not-sent', detail: code }
  const name = error instanceof Error ? error.name : ''
  return { kind: 'ambiguous', detail: code ?? (name || 'unknown error') }
}

export async function classifyResponse(response: Response): Promise<Classified> {
  const body: unknown = await response.json().catch(() => null)
  if (response.ok) return { kind: 'succeeded', body }
  const err = (body as { error?: { type?: string; code?: string; message?: string } } | null)?.error
  const detail = `${response.status} ${err?.code ?? err?.type ?? (body as { name?: string } | null)?.name ?? ''}`.trim()
  if (response.status === 409) {
    // Resend's "other payload" 409 is a permanent refusal; "in progress" and Stripe's key-in-use are not.
    if ((body as { name?: string } | null)?.name === 'invalid_idempotent_request') return { kind: 'rejected', status: 409, detail }
    return { kind: 'in-flight', detail }
  }
  if (response.status === 429) return { kind: 'rate-limited', retryAfterMs: retryAfterMs(response.headers.get('retry-after')), detail }
  // 400/402/404/422: the request was refused as it stands. (Stripe does not store
  // these under the key, so nothing happened.)
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) return { kind: 'rejected', status: response.status, detail }
  const after = response.headers.get('retry-after')
  return after === null ? { kind: 'ambiguous', detail } : { kind: 'ambiguous', detail, retryAfterMs: retryAfterMs(after) }
}

/** Retry-After in seconds (or an HTTP date), as milliseconds; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null): number {
  if (value === null) return 1_000
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1_000
}

/** `code` of the error or of anything in its cause chain (undici wraps: TypeError('fetch failed', { cause })). */
export function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return null
}
