// What every mock service is to the harness: a Fetch API
// handler, serving msw in-process and a loopback socket.
import type { Ledger } from './ledger.ts'

/** Who sent it, as the harness knows (never from the request). */
export interface Delivery {
  readonly attempt: number
  readonly call: string | null
  /**
   * Fail after receipt, before applying, with a 500. Stripe
   * stores such a 500 under the key; no other error.
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
  /** Does it change the world (so faults strike it as an attempt)? */
  isMutation(request: Request): boolean
  /** Restart: in-flight work lost; keys kept only if durable. */
  restart(): void
  /** An error in this service's shape (response-boundary faults). */
  errorResponse(kind: ServiceErrorKind, retryAfterS?: number): Response
}

/** Errors a fault makes a service answer, state untouched. */
export type ServiceErrorKind = 'rate-limited' | 'unavailable' | 'validation' | 'key-in-use'

/** Settings every service shares. */
export interface ServiceSettings {
  /**
   * Virtual ms from accepting a request to committing its
   * effect; a duplicate in between is in flight.
   */
  readonly processingMs: number
  /** Reads see a write only this many ms after it was committed. */
  readonly visibilityLagMs: number
  /** Does the key store survive a restart? (Vendors': durable.) */
  readonly keyStore: 'durable' | 'volatile'
  /**
   * Refuse late work, with no effect, past a forwarded
   * X-Request-Deadline. Neither vendor does (default false).
   */
  readonly honoursDeadline?: boolean
}
