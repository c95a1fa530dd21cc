// Faults are scenario data: a plain, JSON-serialisable description of what
// goes wrong and where. Each kind lives in its own file. Faults on a request's
// path strike the n-th request of the kind they target and decide that
// attempt's fate; crashes of the executor strike the n-th observable step of
// its process (see executor-crash.ts).
import type { MockService, ServiceErrorKind } from '../../mock-services/service.ts'

export type { Boundary } from '../contract/names.ts'
import type { Boundary } from '../contract/names.ts'

/** Fields every fault carries. */
export interface FaultBase {
  readonly kind: string
  readonly boundary: Boundary
}

/** A fault on a request's path. */
export interface RequestFaultBase extends FaultBase {
  /**
   * Which request it strikes: the n-th (1-based) of the run, counting only
   * the requests its kind targets (side-effecting requests, or probes).
   */
  readonly attempt: number
}

/** How a struck attempt can proceed; handed to a fault by the request pipeline. */
export interface AttemptControl {
  readonly request: Request
  readonly attempt: number
  readonly service: MockService
  /** Hand the request to the service (it may apply the effect) and get its response. */
  deliver(options?: { internalError?: boolean }): Promise<Response>
  /** Wait `ms` of virtual time. */
  hold(ms: number): Promise<void>
  /** Resolves when the client abandons the request (its abort signal fires); never if it cannot. */
  clientGaveUp(): Promise<void>
  /** True when the client abandons the request within `ms` of virtual time, false when `ms` pass first (the timer is then gone either way). */
  giveUpWithin(ms: number): Promise<boolean>
  /** Record that the response of a delivered request never reached the client. */
  loseResponse(reason: string): void
  /** An error in the service's own shape, answered without touching the service. */
  errorResponse(kind: ServiceErrorKind, retryAfterS?: number): Response
  /** Restart the service (in-flight work lost; keys kept only by a durable store). */
  restartService(): void
}

export interface RequestFaultKind<F extends RequestFaultBase> {
  readonly kind: F['kind']
  readonly boundary: F['boundary']
  /** Which requests it counts and strikes. */
  readonly targets: 'mutation' | 'probe'
  /** What the client sees, for docs and reports. */
  readonly summary: string
  /** The effect, for docs and reports. */
  readonly truth: string
  /** Decide the attempt's fate: a Response for the client, or a thrown Node-like network error. */
  strike(fault: F, ctl: AttemptControl): Promise<Response>
  /** Problems with the fault's own parameters, for scenario validation. */
  check(fault: Record<string, unknown>): string | null
}

/** Checks an integer parameter; null when fine. */
export function checkInt(f: Record<string, unknown>, name: string, min: number, max: number): string | null {
  const v = f[name]
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`
}

/** Checks an enumerated parameter; null when fine. */
export function checkOneOf(f: Record<string, unknown>, name: string, values: readonly unknown[]): string | null {
  return values.includes(f[name]) ? null : `${name} must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(f[name])}`
}
