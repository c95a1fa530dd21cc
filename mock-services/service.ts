// A mock service, to the harness: a Fetch API
// handler, for msw in-process and for sockets.
import type { Ledger } from './ledger.ts'

/** Who sent it, per the harness (not the request). */
export interface Delivery {
  readonly attempt: number
  readonly call: string | null
  /**
   * Fail after receipt, before applying: a 500.
   * Stripe stores it under the key (no other error).
   */
  readonly internalError?: boolean
}

export interface MockService {
  /** `payments`, `email`. */
  readonly name: string
  /**
   * The vendor it plays (`stripe`, `square`…):
   * its hosts reach it. Absent: the default.
   */
  readonly vendor?: string
  /** The effects that happened: ground truth. */
  readonly ledger: Ledger
  /** Answer one delivered request. */
  handle(request: Request, delivery: Delivery): Promise<Response>
  /** Does it change the world (is it an attempt)? */
  isMutation(request: Request): boolean
  /**
   * Does it only prepare others (PayPal's OAuth
   * token)? Struck as a probe, not counted as a look.
   */
  isSetup?(request: Request): boolean
  /** Restart: in-flight work lost; volatile keys too. */
  restart(): void
  /** An error in its shape, for response faults. */
  errorResponse(kind: ServiceErrorKind, retryAfterS?: number): Response
  /**
   * Its validation error, for a response fault,
   * remembered: these parameters stay refused
   * (any key) for the rest of the run. Both
   * bundled services have it; a stand-in
   * without it answers errorResponse's once.
   */
  refuseAsInvalid?(request: Request): Promise<Response>
}

/** Errors a fault makes it answer, state untouched. */
export type ServiceErrorKind = 'rate-limited' | 'unavailable' | 'validation' | 'key-in-use'

/** Settings every service shares. */
export interface ServiceSettings {
  /**
   * Virtual ms from accepting a request to committing
   * its effect; a duplicate in between is in flight.
   */
  readonly processingMs: number
  /** Reads see a write this many ms after commit. */
  readonly visibilityLagMs: number
  /** Keys survive a restart? (Vendors': durable.) */
  readonly keyStore: 'durable' | 'volatile'
  /**
   * Refuse late work, with no effect, past a forwarded
   * X-Request-Deadline. Neither vendor does (default false).
   */
  readonly honoursDeadline?: boolean
}
