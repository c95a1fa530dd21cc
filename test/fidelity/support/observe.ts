// A client's error as plain data two worlds can be
// compared on: constructor, name, message, own
// fields and, recursively, the errors it wraps.
// Hosts and ports legitimately differ between
// loopback and the simulated network, so they
// become <host>, <port>, <origin>; stack frames are
// dropped; nothing else is.

export interface Observed {
  /** `error.constructor.name`, as `instanceof` sees it. */
  readonly ctor: string
  readonly name: string
  readonly message: string
  /** Own fields but stack, message, wrapped errors. */
  readonly fields: Readonly<Record<string, unknown>>
  /** Own enumerable keys (what inspect, spread, JSON show). */
  readonly enumerable: readonly string[]
  /** Own symbol keys (undici brands its errors). */
  readonly symbols: Readonly<Record<string, unknown>>
  readonly cause?: Observed
  /** stripe-node keeps the cause in `detail`. */
  readonly detail?: Observed
  readonly errors?: readonly Observed[]
}

/** An error, or (unexpectedly) a response. */
export type Outcome =
  | { readonly kind: 'error'; readonly error: Observed }
  | { readonly kind: 'response'; readonly status: number }

/** A call observed: outcome, requests served, duration. */
export interface Cell {
  readonly outcome: Outcome
  /** Requests read in full (what a fault struck). */
  readonly requests: number
  /** ms from call to outcome, real or virtual. */
  readonly elapsedMs: number
}

const HOST = String.raw`(?:127\.0\.0\.1|localhost|payments\.test|\[::1\])`
const PORT_FIELDS = new Set(['port', 'localPort', 'remotePort'])
const ADDRESS_FIELDS = new Set(['address', 'hostname', 'host', 'localAddress', 'remoteAddress'])
const WRAPPED = new Set(['cause', 'detail', 'errors'])
const SKIPPED = new Set(['stack', 'message', ...WRAPPED])

/**
 * Normalise hosts and ports; drop stack frames (axios
 * keeps a cause's stack in a symbol).
 */
export function normaliseText(s: string): string {
  return s
    .replace(/\n\s+at [^\n]*/g, '')
    .replace(new RegExp(`${HOST}:\\d+`, 'g'), '<host>:<port>')
    .replace(new RegExp(HOST, 'g'), '<host>')
    .replace(/https?:\/\/<host>(?::<port>)?/g, '<origin>')
}

function value(key: string, v: unknown, depth: number): unknown {
  // Present-but-undefined differs from missing.
  if (v === undefined) return '<undefined>'
  if (PORT_FIELDS.has(key) && (typeof v === 'number' || typeof v === 'string')) return '<port>'
  if (ADDRESS_FIELDS.has(key) && typeof v === 'string') return '<host>'
  if (typeof v === 'string') return normaliseText(v)
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? '<function>' : v
  const ctor = (v as object).constructor?.name ?? 'null-prototype'
  // Plain records (undici's `socket` info); axios's
  // `config` is not plain: shown by kind.
  if (depth < 1 && (ctor === 'Object' || ctor === 'null-prototype')) {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort())
      out[k] = k.startsWith('bytes') ? '<n>' : value(k, (v as Record<string, unknown>)[k], depth + 1)
    return out
  }
  return `<${ctor}>`
}

function fieldsOf(e: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.getOwnPropertyNames(e).sort()) {
    if (SKIPPED.has(key)) continue
    out[key] = value(key, (e as Record<string, unknown>)[key], 0)
  }
  return out
}

/** The error as data (depth-limited: cycles end). */
export function observe(e: unknown, depth = 0): Observed {
  if (e === null || typeof e !== 'object')
    return { ctor: typeof e, name: '', message: String(e), fields: {}, enumerable: [], symbols: {} }
  const err = e as Error & { cause?: unknown; detail?: unknown; errors?: unknown }
  const observed: { -readonly [K in keyof Observed]: Observed[K] } = {
    ctor: err.constructor?.name ?? 'null-prototype',
    name: String(err.name),
    message: normaliseText(String(err.message)),
    fields: fieldsOf(err),
    enumerable: Object.keys(err).sort(),
    symbols: Object.fromEntries(
      Object.getOwnPropertySymbols(err)
        .map((sym) => [String(sym), value('', (err as unknown as Record<symbol, unknown>)[sym], 1)] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  }
  if (depth < 5) {
    if (err.cause !== undefined) observed.cause = observe(err.cause, depth + 1)
    if (err.detail !== undefined && typeof err.detail === 'object') observed.detail = observe(err.detail, depth + 1)
    if (Array.isArray(err.errors)) observed.errors = err.errors.map((x) => observe(x, depth + 1))
  }
  return observed
}

/** One line per differing leaf, with its path. */
export function differences(real: unknown, simulated: unknown, path = ''): string[] {
  if (Object.is(real, simulated)) return []
  const bothObjects = real !== null && simulated !== null && typeof real === 'object' && typeof simulated === 'object'
  if (!bothObjects || Array.isArray(real) !== Array.isArray(simulated)) {
    return [`${path || '(root)'}: real ${JSON.stringify(real)} ≠ simulated ${JSON.stringify(simulated)}`]
  }
  const keys = [...new Set([...Object.keys(real as object), ...Object.keys(simulated as object)])].sort()
  return keys.flatMap((k) =>
    differences(
      (real as Record<string, unknown>)[k],
      (simulated as Record<string, unknown>)[k],
      path ? `${path}.${k}` : k,
    ),
  )
}

/**
 * A one-line summary of an error chain, as the docs'
 * matrix shows it: `TypeError: fetch failed ←
 * SocketError: other side closed [UND_ERR_SOCKET]`; the
 * constructor too when it is not the name.
 */
export function summary(o: Observed): string {
  const who = o.ctor === o.name ? o.name : `${o.ctor} (name ${o.name})`
  const code = o.fields.code === undefined || o.fields.code === '<undefined>' ? '' : ` [${String(o.fields.code)}]`
  const head = `${who}: ${o.message}${code}`
  const next = o.cause ?? o.detail
  return next ? `${head} ← ${summary(next)}` : head
}
