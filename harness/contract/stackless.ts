// Errors the harness makes in Node's place (injected network errors, the
// timeout of AbortSignal.timeout): built without a captured stack. Node's own
// point into its internals, which tell an executor nothing; ours would point
// into the run's virtual clock and pipeline, and a captured stack holds on to
// what its frames reference — the run's whole world — for as long as anything
// holds the error (a client's retry state, a logger, a leftover timer).
export function stackless<T>(make: () => T): T {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}
