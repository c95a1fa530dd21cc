// What every mock service is to the harness: something that answers a Fetch
// API Request. The same handler serves msw in-process and a loopback socket.
import type { Ledger } from './ledger.ts'

/** Who sent a request, as the harness knows it (never taken from the request itself). */
export interface Delivery {
  readonly attempt: number
  readonly call: string | null
  /**
   * The service fails internally after accepting the request and before
   * applying it, answering 500 (a fault at the after-receipt boundary). Stripe
   * stores such a 500 under the idempotency key; other errors it does not.
   */
  readonly internalError?: boolean
}

export interface MockService {
  /** `payments`, `email`. */
  readonly name: string
  /** The effects that really happened: the ground truth. */
  readonly ledger: Ledger
  /** Answer one delivered request. */
  handle(request: Request, delivery: Delivery): Promise<Response>
  /** Does this request change the world (and so can a fault strike it as an attempt)? */
  isMutation(request: Request): boolean
  /** Restart: in-flight work is lost; idempotency keys survive only in a durable store. */
  restart(): void
  /** An error this service would answer, in its own shape (for faults at the response boundary). */
  errorResponse(kind: ServiceErrorKind, retryAfterS?: number): Response
}

/** Errors a fault can make a service answer without touching its state. */
export type ServiceErrorKind = 'rate-limited' | 'unavailable' | 'validation' | 'key-in-use'

/** Settings every service shares. */
export interface ServiceSettings {
  /** Virtual ms between accepting a request and committing its effect (a duplicate in this window is in flight). */
  readonly processingMs: number
  /** Reads see a write only this many ms after it was committed. */
  readonly visibilityLagMs: number
  /** Whether the idempotency-key store survives a restart. (Both vendors' stores are durable: `volatile` goes beyond them.) */
  readonly keyStore: 'durable' | 'volatile'
  /**
   * Refuse, with no effect, work that arrives after a deadline the client forwards in
   * X-Request-Deadline. Neither vendor does this (default false).
   */
  readonly honoursDeadline?: boolean
}
