// undici's own timeouts for one fetch: its
// dispatcher's headersTimeout and bodyTimeout
// (undici 6.24.1), and when its timers fire.

/** Both default to 300 s (dispatcher/client.js). */
export const UNDICI_DEFAULT_TIMEOUT_MS = 300e3

/** What Node's fetch uses with no dispatcher (lib/global.js). */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/** In ms; 0: never (undici's `if (delay)`). */
export interface UndiciTimeouts {
  readonly headersMs: number
  readonly bodyMs: number
}

type Input = Parameters<typeof fetch>[0]
type Init = Parameters<typeof fetch>[1]

/**
 * The timeouts of the dispatcher a fetch
 * uses: `init.dispatcher`, a Request's own
 * (web/fetch/request.js), else the global.
 */
export function undiciTimeouts(input: Input, init: Init): UndiciTimeouts {
  const own = (init as { dispatcher?: unknown } | undefined)?.dispatcher
  const dispatcher =
    own || (input instanceof Request ? symbolValue(input, 'dispatcher') : undefined) || globalDispatcher()
  return {
    headersMs: timeoutOf(dispatcher, 'headersTimeout', 'headers timeout'),
    bodyMs: timeoutOf(dispatcher, 'bodyTimeout', 'body timeout'),
  }
}

/**
 * A dispatch's timeouts: the request's own
 * options (api-request.js passes them on),
 * else its dispatcher's.
 */
export function dispatcherTimeouts(
  dispatcher: unknown,
  options: { readonly headersTimeout?: number | null; readonly bodyTimeout?: number | null },
): UndiciTimeouts {
  return {
    headersMs: valid(options.headersTimeout) ?? timeoutOf(dispatcher, 'headersTimeout', 'headers timeout'),
    bodyMs: valid(options.bodyTimeout) ?? timeoutOf(dispatcher, 'bodyTimeout', 'body timeout'),
  }
}

function globalDispatcher(): unknown {
  return (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER]
}

/**
 * A stand-in and the dispatcher it wraps
 * (undici-dispatcher.ts): the timeouts are
 * the wrapped one's.
 */
const standIns = new WeakMap<object, unknown>()

export function standsFor(standIn: object, original: unknown): void {
  standIns.set(standIn, original)
}

export function isStandIn(dispatcher: object): boolean {
  return standIns.has(dispatcher)
}

/**
 * An Agent or Pool keeps its options under
 * Symbol('options') (dispatcher/agent.js,
 * pool.js); a Client its own value under
 * Symbol('headers timeout') / ('body
 * timeout'). Anything else: the default.
 */
function timeoutOf(given: unknown, option: string, clientSymbol: string): number {
  const dispatcher = (typeof given === 'object' && given !== null && standIns.get(given)) || given
  const options = symbolValue(dispatcher, 'options') as Record<string, unknown> | undefined
  const value = options?.[option] ?? symbolValue(dispatcher, clientSymbol)
  return valid(value) ?? UNDICI_DEFAULT_TIMEOUT_MS
}

/**
 * undici takes null as unset; it rejects
 * a bad value at dispatch: not mimicked.
 */
function valid(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

/** An own symbol's value, by description. */
export function symbolValue(target: unknown, description: string): unknown {
  if (typeof target !== 'object' || target === null) return undefined
  try {
    const key = Object.getOwnPropertySymbols(target).find((s) => s.description === description)
    return key === undefined ? undefined : (target as Record<symbol, unknown>)[key]
  } catch {
    return undefined // a proxy that throws: defaults
  }
}

/** undici's fast timers tick every 499 ms (util/timers.js TICK_MS). */
export const TICK_MS = 499

/**
 * When a headers or body timer of `ms`
 * fires: its first tick only arms it; it
 * fires at the first tick after `ms`
 * (util/timers.js onTick). A lone timer
 * restarts the ticks (refreshTimeout).
 * Measured: 200 → ~1 s, 2,000 → ~2.5 s.
 */
export function fastTimerDelay(ms: number): number {
  return TICK_MS * Math.max(2, Math.ceil(ms / TICK_MS))
}
