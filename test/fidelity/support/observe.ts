// What a client's error looks like, as plain data that two worlds can be
// compared on: constructor, name, message, every own field (values of
// primitives, the kind of object for the rest) and, recursively, the errors it
// wraps (`cause`, stripe's `detail`, an AggregateError's `errors`). Addresses,
// host names and ports legitimately differ between a loopback socket
// (http://127.0.0.1:PORT) and the simulated network (https://payments.test:443):
// they are replaced by <host>, <port> and <origin>; stack frames are dropped;
// nothing else is.

export interface Observed {
  /** `error.constructor.name` (what `instanceof`-minded code sees). */
  readonly ctor: string
  readonly name: string
  readonly message: string
  /** Every own property but stack, message and the wrapped errors (an own `name` included), sorted, normalised. */
  readonly fields: Readonly<Record<string, unknown>>
  /** Own enumerable keys, sorted (what util.inspect, spreading and JSON show). */
  readonly enumerable: readonly string[]
  /** Own symbol-keyed properties (undici brands its errors so `instanceof` works across copies). */
  readonly symbols: Readonly<Record<string, unknown>>
  readonly cause?: Observed
  /** stripe-node's StripeConnectionError keeps the client's error in `detail`. */
  readonly detail?: Observed
  readonly errors?: readonly Observed[]
}

/** What a client call ended with: an error, or (unexpectedly) a response. */
export type Outcome =
  | { readonly kind: 'error'; readonly error: Observed }
  | { readonly kind: 'response'; readonly status: number }

/** A client call observed: its outcome, how many requests reached the server, and how long it took. */
export interface Cell {
  readonly outcome: Outcome
  /** Requests the server read in full (what a reset or a withheld answer struck). */
  readonly requests: number
  /** Milliseconds from the call to its outcome (real ms on loopback, virtual ms in a run). */
  readonly elapsedMs: number
}

const HOST = String.raw`(?:127\.0\.0\.1|localhost|payments\.test|\[::1\])`
const PORT_FIELDS = new Set(['port', 'localPort', 'remotePort'])
const ADDRESS_FIELDS = new Set(['address', 'hostname', 'host', 'localAddress', 'remoteAddress'])
const WRAPPED = new Set(['cause', 'detail', 'errors'])
const SKIPPED = new Set(['stack', 'message', ...WRAPPED])

/** Replace host names, addresses and ports in a string, and drop stack frames (axios keeps a cause's stack in a symbol). */
export function normaliseText(s: string): string {
  return s
    .replace(/\n\s+at [^\n]*/g, '')
    .replace(new RegExp(`${HOST}:\\d+`, 'g'), '<host>:<port>')
    .replace(new RegExp(HOST, 'g'), '<host>')
    .replace(/https?:\/\/<host>(?::<port>)?/g, '<origin>')
}

function value(key: string, v: unknown, depth: number): unknown {
  // A key that is present with an undefined value differs from a missing key.
  if (v === undefined) return '<undefined>'
  if (PORT_FIELDS.has(key) && (typeof v === 'number' || typeof v === 'string')) return '<port>'
  if (ADDRESS_FIELDS.has(key) && typeof v === 'string') return '<host>'
  if (typeof v === 'string') return normaliseText(v)
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? '<function>' : v
  const ctor = (v as object).constructor?.name ?? 'null-prototype'
  // Plain records (undici's `socket` info, axios's `config` is not plain: it is shown by kind).
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

/** The error as data (depth-limited, so a cyclic chain cannot hang). */
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

/** One line per leaf that differs, with its path: `cause.fields.code: "UND_ERR_SOCKET" ≠ "ECONNRESET"`. */
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
 * A one-line summary of an error chain, as the docs' matrix shows it:
 * `TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]`.
 * The constructor is shown when it is not the name: `StripeConnectionError (name Error): …`.
 */
export function summary(o: Observed): string {
  const who = o.ctor === o.name ? o.name : `${o.ctor} (name ${o.name})`
  const code = o.fields.code === undefined || o.fields.code === '<undefined>' ? '' : ` [${String(o.fields.code)}]`
  const head = `${who}: ${o.message}${code}`
  const next = o.cause ?? o.detail
  return next ? `${head} ← ${summary(next)}` : head
}
