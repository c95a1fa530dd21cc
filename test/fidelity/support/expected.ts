// The matrix of docs/fidelity.md: what each client
// raises per fault on a real socket (Node 20, undici
// as bundled, axios 1.x, stripe 23.1.0), requests
// reaching the server, and when it gives up.
import { CLIENT_TIMEOUT_MS, type ClientName } from './clients.ts'
import { fastTimerDelay, TICK_MS } from '../../../harness/sim/undici-timeouts.ts'
import type { FaultCase } from './faults.ts'

export interface ExpectedCell {
  /** `summary()` of the error chain, normalised. */
  readonly error: string
  /** Requests the server reads in full. */
  readonly requests: number
  /** When the client reports the error (ms). */
  readonly atMs: number
  /**
   * On a real socket, no earlier than this
   * (default atMs): undici's fast timers fire
   * on a 499 ms tick whose phase the
   * process's other timers set.
   */
  readonly earliestMs?: number
}

const REFUSED = 'Error: connect ECONNREFUSED <host>:<port> [ECONNREFUSED]'
const HANG_UP = 'Error: socket hang up [ECONNRESET]'
const CLOSED = 'SocketError: other side closed [UND_ERR_SOCKET]'
const FETCH_REFUSED = `TypeError: fetch failed ← ${REFUSED}`
const FETCH_CLOSED = `TypeError: fetch failed ← ${CLOSED}`
const STRIPE = 'StripeConnectionError (name Error)'
const STRIPE_CONNECTION = `${STRIPE}: An error occurred with our connection to Stripe.`
const STRIPE_TIMEOUT = `${STRIPE}: Request aborted due to timeout being reached (${CLIENT_TIMEOUT_MS}ms) ← TypeError: ETIMEDOUT [ETIMEDOUT]`
/**
 * stripe-node retries a closed connection once, after
 * 500 ms, even with maxNetworkRetries: 0.
 */
const STRIPE_FREE_RETRY_MS = 500

function resets(
  error: string,
  requests = 1,
  atMs = 0,
): Record<'reset-before-apply' | 'reset-after-effect', ExpectedCell> {
  return { 'reset-before-apply': { error, requests, atMs }, 'reset-after-effect': { error, requests, atMs } }
}

const UNDICI_REQUEST: Record<FaultCase, ExpectedCell> = {
  refused: { error: REFUSED, requests: 0, atMs: 0 },
  ...resets(CLOSED),
  // Its own headersTimeout, on undici's fast
  // timers: the first 499 ms tick after it.
  'no-answer': {
    error: 'HeadersTimeoutError: Headers Timeout Error [UND_ERR_HEADERS_TIMEOUT]',
    requests: 1,
    atMs: fastTimerDelay(CLIENT_TIMEOUT_MS),
    earliestMs: fastTimerDelay(CLIENT_TIMEOUT_MS) - TICK_MS,
  },
}

/** Global fetch's row: undici's fetch() too. */
const FETCH: Record<FaultCase, ExpectedCell> = {
  refused: { error: FETCH_REFUSED, requests: 0, atMs: 0 },
  ...resets(FETCH_CLOSED),
  'no-answer': {
    error: 'DOMException (name TimeoutError): The operation was aborted due to timeout',
    requests: 1,
    atMs: CLIENT_TIMEOUT_MS,
  },
}

export const EXPECTED: Record<ClientName, Record<FaultCase, ExpectedCell>> = {
  fetch: FETCH,
  'node:http': {
    refused: { error: REFUSED, requests: 0, atMs: 0 },
    ...resets(HANG_UP),
    // The client's own `req.setTimeout(ms, () =>
    // req.destroy())`: with no response, a hang-up.
    'no-answer': { error: HANG_UP, requests: 1, atMs: CLIENT_TIMEOUT_MS },
  },
  'node:http (timeout option)': {
    refused: { error: REFUSED, requests: 0, atMs: 0 },
    ...resets(HANG_UP),
    'no-answer': { error: HANG_UP, requests: 1, atMs: CLIENT_TIMEOUT_MS },
  },
  axios: {
    refused: {
      error: `AxiosError (name Error): connect ECONNREFUSED <host>:<port> [ECONNREFUSED] ← ${REFUSED}`,
      requests: 0,
      atMs: 0,
    },
    ...resets(`AxiosError (name Error): socket hang up [ECONNRESET] ← ${HANG_UP}`),
    'no-answer': {
      error: `AxiosError: timeout of ${CLIENT_TIMEOUT_MS}ms exceeded [ECONNABORTED]`,
      requests: 1,
      atMs: CLIENT_TIMEOUT_MS,
    },
  },
  'stripe-node': {
    refused: { error: `${STRIPE_CONNECTION} ← ${REFUSED}`, requests: 0, atMs: 0 },
    ...resets(
      `${STRIPE}: An error occurred with our connection to Stripe. Request was retried 1 times. ← ${HANG_UP}`,
      2,
      STRIPE_FREE_RETRY_MS,
    ),
    'no-answer': { error: STRIPE_TIMEOUT, requests: 1, atMs: CLIENT_TIMEOUT_MS },
  },
  // 7.x's request() and fetch() over the same
  // global Agent raise what 6.x's do.
  'undici request': UNDICI_REQUEST,
  'undici fetch': FETCH,
  'undici 7 request': UNDICI_REQUEST,
  'undici 7 fetch': FETCH,
  'stripe-fetch': {
    refused: { error: `${STRIPE_CONNECTION} ← ${FETCH_REFUSED}`, requests: 0, atMs: 0 },
    ...resets(`${STRIPE_CONNECTION} ← ${FETCH_CLOSED}`),
    'no-answer': { error: STRIPE_TIMEOUT, requests: 1, atMs: CLIENT_TIMEOUT_MS },
  },
}
