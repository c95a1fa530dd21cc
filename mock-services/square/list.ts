// Square's list pages: newest first by
// default (sort_order), at most 100 a page,
// an opaque `cursor` while more are left;
// an empty list is `{}` (the SDK reads
// `response?.payments ?? []`: square 46.0.0
// api/resources/payments/client/Client.js).
import { jsonResponse } from '../json-response.ts'
import { squareError } from './errors.ts'

const MAX_LIMIT = 100

interface Listed {
  readonly id: string
  readonly created_at: string
}

/**
 * One page of `items` (oldest first) under
 * `field`, by the query's begin/end time,
 * sort_order, limit and cursor.
 */
export function squareList<T extends Listed>(items: readonly T[], query: URLSearchParams, field: string): Response {
  const begin = time(query.get('begin_time'))
  const end = time(query.get('end_time'))
  if (begin === null || end === null)
    return squareError(400, 'INVALID_REQUEST_ERROR', 'INVALID_TIME', 'Invalid RFC 3339 timestamp.', 'begin_time')
  const order = query.get('sort_order') ?? 'DESC'
  if (order !== 'ASC' && order !== 'DESC')
    return squareError(
      400,
      'INVALID_REQUEST_ERROR',
      'INVALID_SORT_ORDER',
      'Sort order must be ASC or DESC.',
      'sort_order',
    )
  // Above 100 (or junk): the default, 100.
  const asked = Number(query.get('limit') ?? MAX_LIMIT)
  const limit = Number.isInteger(asked) && asked >= 1 && asked <= MAX_LIMIT ? asked : MAX_LIMIT
  const inRange = items.filter((i) => {
    const at = Date.parse(i.created_at)
    return (begin === undefined || at >= begin) && (end === undefined || at < end)
  })
  const sorted = order === 'ASC' ? inRange : [...inRange].reverse()
  let from = 0
  const cursor = query.get('cursor')
  if (cursor !== null) {
    const after = decodeCursor(cursor)
    const at = after === null ? -1 : sorted.findIndex((i) => i.id === after)
    if (at < 0) return squareError(400, 'INVALID_REQUEST_ERROR', 'INVALID_CURSOR', 'Invalid cursor.', 'cursor')
    from = at + 1
  }
  const page = sorted.slice(from, from + limit)
  const more = from + limit < sorted.length
  return jsonResponse({
    ...(page.length > 0 ? { [field]: page } : {}),
    ...(more ? { cursor: Buffer.from(page.at(-1)!.id).toString('base64url') } : {}),
  })
}

/** undefined: not given; null: not a time. */
function time(raw: string | null): number | undefined | null {
  if (raw === null) return undefined
  const at = Date.parse(raw)
  return Number.isFinite(at) ? at : null
}

function decodeCursor(cursor: string): string | null {
  try {
    return Buffer.from(cursor, 'base64url').toString() || null
  } catch {
    return null
  }
}
