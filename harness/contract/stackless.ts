// Errors the harness makes in Node's place, built without a
// stack: a stack would keep the run's world alive as long as
// the error is held (docs/internals/engine.md).
export function stackless<T>(make: () => T): T {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}
