// Errors the harness makes in Node's place, with no
// stack: a stack would pin the run's whole world
// while the error is held (docs/internals/engine.md).
export function stackless<T>(make: () => T): T {
  let limit: unknown
  try {
    limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
  } catch {
    return make() // made unreadable: keep the stack
  }
  try {
    return make()
  } finally {
    Error.stackTraceLimit = limit as number
  }
}
