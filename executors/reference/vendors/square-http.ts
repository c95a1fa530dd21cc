// How the reference talks to Square over HTTP:
// a bearer token on every call (Q2), the key in
// the JSON body (Q3), lists walked by cursor.
import type { Observed } from '../../../harness/contract/mapping.ts'
import { observe } from '../tools/observation.ts'
import type { StopWaiting } from '../tools/stop-waiting.ts'
import type { LookAnswer } from '../tools/tool-adapter.ts'

/** The mock checks a token is there, not which. */
const AUTH = { authorization: 'Bearer EAAAfaultline-reference', 'square-version': '2026-09-16' }
/** faultline's deadline header; Square ignores it. */
const DEADLINE_HEADER = 'x-request-deadline'

/**
 * POST `body` with `key` as its idempotency_key
 * (a policy may send another key than the one
 * the body was made with).
 */
export function squareSend(
  url: string,
  body: string,
  key: string,
  stop: StopWaiting,
  deadline: number,
): Promise<Observed> {
  const json = JSON.stringify({ ...(JSON.parse(body) as object), idempotency_key: key })
  return observe({ method: 'POST', url, purpose: 'send' }, () =>
    fetch(url, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json', [DEADLINE_HEADER]: String(deadline) },
      body: json,
      signal: stop.signal,
      ...(stop.dispatcher ? { dispatcher: stop.dispatcher } : {}),
    } as RequestInit),
  )
}

/**
 * Walk a Square list (`field` of each page,
 * newest first) for the first `match`; a page
 * that fails is the answer.
 */
export async function findInSquareList<T extends { id: string }>(
  firstPage: string,
  field: string,
  match: (item: T) => boolean,
  timeoutMs: number,
): Promise<LookAnswer> {
  let cursor: string | null = null
  for (let page = 0; page < 10; page++) {
    const url = `${firstPage}${firstPage.includes('?') ? '&' : '?'}sort_order=DESC&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const observed = await observe({ method: 'GET', url, purpose: 'probe' }, () =>
      fetch(url, { headers: AUTH, signal: AbortSignal.timeout(timeoutMs) }),
    )
    if ('error' in observed || observed.response.status < 200 || observed.response.status > 299)
      return { failed: observed }
    const body = observed.response.body
    if (typeof body !== 'object' || body === null)
      return { error: `list answered ${observed.response.status} with a page that is not JSON` }
    // An empty list is {} (Q12).
    const list = body as Record<string, unknown> & { cursor?: string }
    const items = (Array.isArray(list[field]) ? list[field] : []) as T[]
    const hit = items.find(match)
    if (hit) return { found: hit.id }
    if (!list.cursor || items.length === 0) return { found: null }
    cursor = list.cursor
  }
  return { found: null }
}
