// What the HTTP client observed for one request,
// as the contract's `Observed`: fetch's error,
// or the response with its body read.
import type { Observed, ObservedRequest } from '../../../harness/contract/mapping.ts'

/** Run a fetch and observe how it ended. */
export async function observe(request: ObservedRequest, fetching: () => Promise<Response>): Promise<Observed> {
  try {
    const response = await fetching()
    // A body that breaks off is the error: a
    // 200 whose body never came is no answer.
    const text = await response.text()
    return {
      client: 'fetch',
      request,
      response: { status: response.status, headers: Object.fromEntries(response.headers), body: parse(text) },
    }
  } catch (error) {
    return { client: 'fetch', request, error }
  }
}

/** The JSON body, else the text, else null. */
function parse(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * `code` of the error or its cause chain (undici
 * wraps: TypeError('fetch failed', { cause })).
 */
export function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return null
}

/** An error in a word: its code, else its name. */
export function errorDetail(error: unknown): string {
  const name = error instanceof Error ? error.name : ''
  return errorCode(error) ?? (name || 'unknown error')
}

/** In a few words: `409 idempotency_key_in_use`. */
export function detail(observed: Observed): string {
  if ('error' in observed) return errorDetail(observed.error)
  const { status, body } = observed.response
  const b = body as {
    error?: { type?: string; code?: string }
    name?: string
    errors?: { code?: unknown }[]
  } | null
  // Stripe's, Resend's and PayPal's, then Square's.
  const square = typeof b?.errors?.[0]?.code === 'string' ? b.errors[0].code : ''
  return `${status} ${b?.error?.code ?? b?.error?.type ?? b?.name ?? square}`.trim()
}
