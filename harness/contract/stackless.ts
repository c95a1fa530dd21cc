// Errors the harness makes in Node's place, with no
// stack: a stack would pin the run's whole world
// while the error is held (docs/internals/engine.md).
export function stackless<T>(make: () => T): T {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit
  }
}
