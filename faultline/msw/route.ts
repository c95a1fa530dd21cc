// Which requests a fault is armed for:
// `POST /v1/refunds`, or a path (any
// method). `:name` matches one segment;
// the query is ignored.

export interface Route {
  /** As the team wrote it, for messages and `pending()`. */
  readonly text: string
  /** Upper case; null: any method. */
  readonly method: string | null
  readonly segments: readonly string[]
}

const READS = new Set(['GET', 'HEAD'])

export function parseRoute(text: string): Route {
  const m = /^(?:([A-Za-z]+)\s+)?(\/\S*)$/.exec(text.trim())
  if (!m) throw new Error(`faultline/msw: route "${text}" is not "METHOD /path" or "/path" (e.g. "POST /v1/refunds")`)
  return { text: text.trim(), method: m[1]?.toUpperCase() ?? null, segments: m[2]!.split('/') }
}

/** Reads only (GET, HEAD)? null: any method. */
export function routeReads(route: Route): boolean | null {
  return route.method === null ? null : READS.has(route.method)
}

export function routeMatches(route: Route, request: Request): boolean {
  if (route.method !== null && route.method !== request.method) return false
  const segments = new URL(request.url).pathname.split('/')
  return (
    segments.length === route.segments.length &&
    route.segments.every((s, i) => s === segments[i] || (s.startsWith(':') && segments[i] !== ''))
  )
}
