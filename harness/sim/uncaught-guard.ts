// Uncaught throws reach the harness first, for
// the life of the thread: an executor's capture
// callback is called after (Node would call it
// instead), and its removing the harness's
// listeners puts them back and is reported.

type Listener = (...args: never[]) => void

/** What the harness listens with. */
export interface UncaughtListeners {
  readonly exception: (error: unknown) => void
  readonly rejection: (reason: unknown) => void
  /** Someone removed one of these (put back). */
  readonly removed: (what: string) => void
}

/** The executor's capture callback, if it set one. */
let capture: ((error: unknown) => void) | null = null

/**
 * Listen for uncaught throws for good. Install
 * before any executor loads: the real capture
 * API is never called again in this thread.
 */
export function guardUncaught(listeners: UncaughtListeners): void {
  const exception = (error: unknown) => {
    listeners.exception(error)
    const callback = capture
    if (callback === null) return
    try {
      callback(error)
    } catch (e) {
      listeners.exception(e) // Node would end the process
    }
  }
  const rejection = (reason: unknown) => listeners.rejection(reason)
  const ours: Record<string, Listener> = { uncaughtException: exception, unhandledRejection: rejection }
  process.on('uncaughtException', exception)
  process.on('unhandledRejection', rejection)

  // Node's checks, with Node's error codes.
  process.setUncaughtExceptionCaptureCallback = (fn: ((error: Error) => void) | null) => {
    if (fn === null) capture = null
    else if (typeof fn !== 'function')
      throw Object.assign(new TypeError('The "fn" argument must be of type function or null'), {
        code: 'ERR_INVALID_ARG_TYPE',
      })
    else if (capture !== null)
      throw Object.assign(
        new Error('`process.setupUncaughtExceptionCapture()` was called while a capture callback was already active'),
        { code: 'ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET' },
      )
    else capture = fn as (error: unknown) => void
  }
  process.hasUncaughtExceptionCaptureCallback = () => capture !== null

  // Removing ours: done, then undone, and said.
  putBack = () => {
    for (const [event, listener] of Object.entries(ours)) {
      if (process.listeners(event as 'uncaughtException').includes(listener as never)) continue
      process.prependListener(event as 'uncaughtException', listener as never)
      listeners.removed(`faultline's ${event} listener`)
    }
  }
  // They call each other: check once, outermost.
  let depth = 0
  for (const method of ['removeListener', 'off', 'removeAllListeners'] as const) {
    const original = process[method] as (...args: unknown[]) => NodeJS.Process
    process[method] = function (this: NodeJS.Process, ...args: unknown[]) {
      depth++
      try {
        return original.apply(this, args)
      } finally {
        if (--depth === 0) putBack?.()
      }
    } as never
  }
}

let putBack: (() => void) | null = null

/**
 * Put back a listener removed some other way
 * (EventEmitter.prototype's methods), and say so.
 */
export function keepUncaughtListeners(): void {
  putBack?.()
}
