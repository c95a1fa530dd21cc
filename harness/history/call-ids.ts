// The harness's names for tool calls:
// `runId/stepId`, and `runId#abort` for
// a compensation (no step id has '#').

/** `runId/stepId`: the harness's name for a tool call. */
export type CallId = string

export function callIdOf(runId: string, stepId: string): CallId {
  return `${runId}/${stepId}`
}

/** The harness's name for an abort (compensation) of a run. */
export function abortCallOf(runId: string): CallId {
  return `${runId}#abort`
}

/** Is this the harness's name for an abort of a run? */
export function isAbortCall(call: string | null): boolean {
  return call?.endsWith('#abort') === true
}

/**
 * The step a call id names (`#abort` for a
 * compensation), or null outside any call.
 */
export function stepOf(call: string | null): string | null {
  if (call === null) return null
  if (isAbortCall(call)) return '#abort'
  const slash = call.indexOf('/')
  return slash === -1 ? null : call.slice(slash + 1)
}
