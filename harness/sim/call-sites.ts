// Who is calling, from call sites, not stack
// text: the executor may replace
// Error.prepareStackTrace or the trace limit.

/** Does a frame of the stack, `depth` deep, match? */
export function calledFrom(match: (site: NodeJS.CallSite) => boolean, depth: number): boolean {
  const prepare = Error.prepareStackTrace
  const limit = Error.stackTraceLimit
  Error.prepareStackTrace = (_error, sites) => sites
  Error.stackTraceLimit = depth
  try {
    const holder: { stack?: NodeJS.CallSite[] } = {}
    Error.captureStackTrace(holder, calledFrom) // from its caller
    const sites = Array.isArray(holder.stack) ? holder.stack : []
    return sites.some(match)
  } finally {
    Error.prepareStackTrace = prepare
    Error.stackTraceLimit = limit
  }
}
