// The two things every adapter does over HTTP: send a side-effecting request
// under its key (forwarding the cut-off), and walk a Stripe-style list.
import type { Observed } from '../../../harness/contract/mapping.ts'
import { errorDetail, observe } from './observation.ts'
import type { Probe } from './tool-adapter.ts'

/**
 * faultline's deadline header (README): a service that honours it refuses work arriving later.
 * Neither Stripe nor Resend does; forwarding it costs nothing and helps where a service does.
 */
const DEADLINE_HEADER = 'x-request-deadline'

/** POST `body` with the operation's key and cut-off; what the client observed. */
export function sendWithKey(url: string, contentType: string, body: string, key: string, timeoutMs: number, deadline: number): Promise<Observed> {
  return observe(() =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType, 'idempotency-key': key, [DEADLINE_HEADER]: String(deadline) },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    }),
  )
}

type Item = { id: string; status?: string; metadata?: Record<string, string> }

/** Walk a Stripe list (newest first, a page at a time) for the first item `match` accepts. */
export async function findInStripeList(firstPage: string, match: (item: Item) => boolean, timeoutMs: number): Promise<Probe> {
  try {
    let after: string | null = null
    for (let page = 0; page < 10; page++) {
      const url = `${firstPage}${firstPage.includes('?') ? '&' : '?'}limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      if (!response.ok) return { error: `probe answered ${response.status}` }
      const list = (await response.json()) as { data?: Item[]; has_more?: boolean }
      const hit = list.data?.find(match)
      if (hit) return { found: hit.id }
      if (!list.has_more || !list.data?.length) return { found: null }
      after = list.data.at(-1)!.id
    }
    return { found: null }
  } catch (e) {
    return { error: errorDetail(e) }
  }
}
