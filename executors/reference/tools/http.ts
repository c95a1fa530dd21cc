// What every adapter does over HTTP: send under
// the key and cut-off; walk a Stripe-style list.
import type { Observed } from '../../../harness/contract/mapping.ts'
import type { StopWaiting } from './stop-waiting.ts'
import { observe } from './observation.ts'
import type { LookAnswer } from './tool-adapter.ts'

/**
 * faultline's deadline header (README). Neither
 * vendor honours it; sending it costs nothing.
 */
const DEADLINE_HEADER = 'x-request-deadline'

/** POST `body` with the key and cut-off. */
export function sendWithKey(
  url: string,
  contentType: string,
  body: string,
  key: string,
  stop: StopWaiting,
  deadline: number,
): Promise<Observed> {
  return observe({ method: 'POST', url, purpose: 'send' }, () =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType, 'idempotency-key': key, [DEADLINE_HEADER]: String(deadline) },
      body,
      signal: stop.signal,
      ...(stop.dispatcher ? { dispatcher: stop.dispatcher } : {}),
    } as RequestInit),
  )
}

type Item = { id: string; status?: string; metadata?: Record<string, string> }

/**
 * Walk a Stripe list (newest first) for the first
 * `match`; a page that fails is the answer.
 */
export async function findInStripeList(
  firstPage: string,
  match: (item: Item) => boolean,
  timeoutMs: number,
): Promise<LookAnswer> {
  let after: string | null = null
  for (let page = 0; page < 10; page++) {
    const url = `${firstPage}${firstPage.includes('?') ? '&' : '?'}limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`
    const got = await lookAt(url, timeoutMs)
    if (!('body' in got)) return got
    const list = got.body as { data?: Item[]; has_more?: boolean }
    const hit = list.data?.find(match)
    if (hit) return { found: hit.id }
    if (!list.has_more || !list.data?.length) return { found: null }
    after = list.data.at(-1)!.id
  }
  return { found: null }
}

/**
 * GET a page for a look: its JSON body on 2xx,
 * else the observation (for the mapping); an
 * error when a 2xx page is not a JSON object.
 */
export async function lookAt(
  url: string,
  timeoutMs: number,
): Promise<{ readonly body: object } | { readonly failed: Observed } | { readonly error: string }> {
  const observed = await observe({ method: 'GET', url, purpose: 'probe' }, () =>
    fetch(url, { signal: AbortSignal.timeout(timeoutMs) }),
  )
  if ('error' in observed || observed.response.status < 200 || observed.response.status > 299)
    return { failed: observed }
  const { body } = observed.response
  return typeof body === 'object' && body !== null
    ? { body }
    : { error: `probe answered ${observed.response.status} with a page that is not JSON` }
}
