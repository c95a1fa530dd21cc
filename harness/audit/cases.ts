// The matrix rows: each request fault kind, with the
// parameters that change what a client sees.
// Longer than most because it is a table.
import type { ClientName } from '../contract/mapping.ts'
import type { RequestFault } from '../faults/catalogue.ts'

/** What a row looks like to a client, in the sources' words. */
export type ObservationKind =
  | 'refused'
  | 'name-not-resolved'
  | 'success'
  | 'client-timeout'
  | 'reset'
  | 'status-500'
  | 'status-503'
  | 'status-504'
  | 'status-429'
  | 'status-400'
  | 'status-409'
  | 'probe-timeout'
  | 'caller-cancel'
  | 'headers-timeout'
  | 'body-timeout'
  | 'body-cut'
  | 'status-502'

export type NoEffectClass = 'not-sent' | 'rejected'

/** A fault as a row strikes it: its step is the cell's. */
type RowFault = RequestFault extends infer F ? (F extends RequestFault ? Omit<F, 'step'> : never) : never

/**
 * How a cell's client gives up. Default: a
 * timeout of its own (CLIENT_TIMEOUT_MS).
 */
export type ClientSetup =
  | { readonly kind: 'own-timeout' }
  /**
   * No timeout of its own: its HTTP stack's
   * decide (undici's headersTimeout and
   * bodyTimeout: the Agent's, else defaults).
   */
  | {
      readonly kind: 'no-timeout'
      readonly agent?: { readonly headersTimeout?: number; readonly bodyTimeout?: number }
    }
  /**
   * Its caller aborts it (an AbortController)
   * `afterMs` after it starts; its own
   * timeout stays set.
   */
  | { readonly kind: 'caller-cancel'; readonly afterMs: number }

export interface AuditCase {
  /** The fault kind and its variant: `gateway-timeout.finishes`. */
  readonly id: string
  /** The fault kind (`key-in-use`: a 409 no fault made). */
  readonly kind: string
  readonly label: string
  readonly observation: ObservationKind
  /**
   * What the client does under one idempotency key; the
   * last request is the one observed, the rest set-up.
   */
  readonly requests: readonly ('send' | 'probe')[]
  /**
   * Faults by n-th send / probe. Each strikes the
   * observed request and the two after it, so a client's
   * own retry meets it too (stripe-node retries a closed
   * connection once even with retries off).
   */
  readonly faults: readonly RowFault[]
  /** How its client gives up (default own-timeout). */
  readonly client?: ClientSetup
  /**
   * The columns it applies to (default all);
   * a client that cannot be set up so is
   * left out, and `notFor` says why.
   */
  readonly clients?: readonly ClientName[]
  readonly notFor?: string
  /** The cell's turn, virtual ms (default 120 s). */
  readonly turnBudgetMs?: number
  /** Virtual ms the service takes to commit (default 20). */
  readonly processingMs?: number
  /**
   * Where no effect is possible, the right classes: a
   * resend may work (not-sent) or will not (rejected).
   */
  readonly noEffect: readonly NoEffectClass[]
}

/** Every client gives up after this long (virtual ms). */
export const CLIENT_TIMEOUT_MS = 10_000

/**
 * The same fault on the n-th request
 * of its target and the two after it.
 */
function thrice(fault: RowFault, from = 1): RowFault[] {
  const target = 'probe' in fault ? 'probe' : 'send'
  return [0, 1, 2].map((i) => ({ ...fault, [target]: from + i }) as RowFault)
}

const send = { send: 1 } as const
const probe = { probe: 1 } as const

export const AUDIT_CASES: readonly AuditCase[] = [
  {
    id: 'connection-refused',
    kind: 'connection-refused',
    label: 'connection refused',
    observation: 'refused',
    requests: ['send'],
    faults: thrice({ kind: 'connection-refused', boundary: 'before-send', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'dns-failure',
    kind: 'dns-failure',
    label: 'name does not resolve',
    observation: 'name-not-resolved',
    requests: ['send'],
    faults: thrice({ kind: 'dns-failure', boundary: 'before-send', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'latency.slow-success',
    kind: 'latency',
    label: 'slow, within the timeout',
    observation: 'success',
    requests: ['send'],
    faults: [{ kind: 'latency', boundary: 'in-transit', ...send, delayMs: 1_000 }],
    noEffect: [],
  },
  {
    id: 'latency.past-timeout',
    kind: 'latency',
    label: 'slower than the client waits',
    observation: 'client-timeout',
    requests: ['send'],
    faults: [{ kind: 'latency', boundary: 'in-transit', ...send, delayMs: CLIENT_TIMEOUT_MS + 2_000 }],
    noEffect: [],
  },
  {
    id: 'late-delivery',
    kind: 'late-delivery',
    label: 'delivered after the client gave up',
    observation: 'client-timeout',
    requests: ['send'],
    faults: [{ kind: 'late-delivery', boundary: 'in-transit', ...send, delayMs: 1_000 }],
    noEffect: [],
  },
  {
    id: 'dropped',
    kind: 'dropped',
    label: 'dropped on the way',
    observation: 'client-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.reset',
    kind: 'server-fails-before-apply',
    label: 'reset before the server acted',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: 'reset' }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.503',
    kind: 'server-fails-before-apply',
    label: '503 before the server acted',
    observation: 'status-503',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: '503' }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.500',
    kind: 'server-fails-before-apply',
    label: 'internal 500, stored under the key',
    observation: 'status-500',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: '500' }),
    // Stripe replays a stored 500 under the key
    // (Stripe-Should-Retry: false): resending is no use.
    noEffect: ['not-sent', 'rejected'],
  },
  {
    id: 'reset-after-effect',
    kind: 'reset-after-effect',
    label: 'reset after the server acted',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'reset-after-effect', boundary: 'after-effect', ...send }),
    noEffect: [],
  },
  {
    id: 'withhold-after-effect',
    kind: 'withhold-after-effect',
    label: 'no answer after the server acted',
    observation: 'client-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'withhold-after-effect', boundary: 'after-effect', ...send }),
    noEffect: [],
  },
  {
    id: 'gateway-timeout.finishes',
    kind: 'gateway-timeout',
    label: 'gateway 504, upstream finishes later',
    observation: 'status-504',
    requests: ['send'],
    faults: thrice({ kind: 'gateway-timeout', boundary: 'gateway', ...send, upstream: 'finishes', afterMs: 1_000 }),
    noEffect: [],
  },
  {
    id: 'gateway-timeout.dies',
    kind: 'gateway-timeout',
    label: 'gateway 504, upstream dies',
    observation: 'status-504',
    requests: ['send'],
    faults: thrice({ kind: 'gateway-timeout', boundary: 'gateway', ...send, upstream: 'dies', afterMs: 1_000 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'error-response.429',
    kind: 'error-response',
    label: '429 rate limited',
    observation: 'status-429',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 429 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'error-response.503',
    kind: 'error-response',
    label: '503 unavailable',
    observation: 'status-503',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 503 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'error-response.400',
    kind: 'error-response',
    label: 'validation error (400; 422 e-mail)',
    observation: 'status-400',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 400 }),
    noEffect: ['rejected'],
  },
  {
    id: 'error-response.409',
    kind: 'error-response',
    label: '409 key in use (nothing in flight)',
    observation: 'status-409',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 409 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'key-in-use.in-flight',
    kind: 'key-in-use',
    label: '409 key in use: the first send is still being processed',
    observation: 'status-409',
    // The first send outlives the client's timeout;
    // the resend under its key meets it in flight.
    requests: ['send', 'send'],
    faults: [],
    processingMs: CLIENT_TIMEOUT_MS + 5_000,
    noEffect: [],
  },
  {
    id: 'service-restart',
    kind: 'service-restart',
    label: 'service restarts while receiving',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'service-restart', boundary: 'service', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'probe-timeout.after-effect',
    kind: 'probe-timeout',
    label: 'a look times out; the send had landed',
    observation: 'probe-timeout',
    requests: ['send', 'probe'],
    faults: [
      ...thrice({ kind: 'reset-after-effect', boundary: 'after-effect', ...send }),
      ...thrice({ kind: 'probe-timeout', boundary: 'probe', ...probe }),
    ],
    noEffect: [],
  },
  {
    id: 'probe-timeout.no-effect',
    kind: 'probe-timeout',
    label: 'a look times out; the send had been dropped',
    observation: 'probe-timeout',
    requests: ['send', 'probe'],
    faults: [
      ...thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
      ...thrice({ kind: 'probe-timeout', boundary: 'probe', ...probe }),
    ],
    noEffect: [],
  },
]

/** Whether `row` has a cell for `client`. */
export function appliesTo(row: AuditCase, client: ClientName): boolean {
  return row.clients?.includes(client) ?? true
}

export function auditCase(id: string): AuditCase | undefined {
  return AUDIT_CASES.find((c) => c.id === id)
}
