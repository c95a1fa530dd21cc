// Stripe's list pagination: newest first, `limit`
// (1–100, default 10), id cursors, `has_more`.
import { stripeError } from './errors.ts'
import { jsonResponse } from '../json-response.ts'

export function stripeList<T extends { id: string }>(
  items: readonly T[],
  params: URLSearchParams,
  url: string,
  resource: string,
): Response {
  const rawLimit = params.get('limit')
  const limit = rawLimit === null ? 10 : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return stripeError(
      400,
      'invalid_request_error',
      `Invalid integer: ${rawLimit}. This value must be between 1 and 100.`,
      { param: 'limit' },
    )
  }
  const after = params.get('starting_after')
  const before = params.get('ending_before')
  if (after !== null && before !== null) {
    return stripeError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: ending_before, starting_after.',
      { param: 'ending_before' },
    )
  }
  let page: readonly T[]
  let hasMore: boolean
  const cursor = after ?? before
  const at = cursor === null ? -1 : items.findIndex((i) => i.id === cursor)
  if (cursor !== null && at === -1) {
    return stripeError(400, 'invalid_request_error', `No such ${resource}: '${cursor}'`, {
      code: 'resource_missing',
      param: after !== null ? 'starting_after' : 'ending_before',
    })
  }
  if (before !== null) {
    page = items.slice(Math.max(0, at - limit), at)
    hasMore = at - limit > 0
  } else {
    page = items.slice(at + 1, at + 1 + limit)
    hasMore = at + 1 + limit < items.length
  }
  return jsonResponse({ object: 'list', data: page, has_more: hasMore, url })
}
