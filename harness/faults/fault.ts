// Faults are scenario data: a plain, JSON-serialisable description of what
// goes wrong and which request it strikes. Each kind lives in its own file and
// says how an attempt proceeds when it is struck.

/** Where on an attempt's path a fault strikes (see DESIGN.md §1). */
export type Boundary =
  | 'before-send'
  | 'in-transit'
  | 'after-receipt'
  | 'after-effect'
  | 'gateway'
  | 'response'
  | 'probe'
  | 'service'
  | 'executor'
  | 'model'

/** Fields every fault carries. */
export interface FaultBase {
  readonly kind: string
  readonly boundary: Boundary
  /** Which side-effecting request of the run it strikes: the n-th (1-based), counted over the whole run. */
  readonly attempt: number
}

/** How a struck attempt can proceed; handed to a fault by the request pipeline. */
export interface AttemptControl {
  readonly request: Request
  readonly attempt: number
  /** Hand the request to the service (it may apply the effect) and get its response. */
  deliver(): Promise<Response>
  /** Wait `ms` of virtual time. */
  hold(ms: number): Promise<void>
  /** Resolves when the client abandons the request (its abort signal fires); never if it cannot. */
  clientGaveUp(): Promise<void>
  /** Record that the response of a delivered request never reached the client. */
  loseResponse(reason: string): void
}

export interface FaultKind<F extends FaultBase> {
  readonly kind: F['kind']
  readonly boundary: F['boundary']
  /** One line for docs and reports. */
  readonly summary: string
  /** Decide the attempt's fate: a Response for the client, or a thrown Node-like network error. */
  strike(fault: F, ctl: AttemptControl): Promise<Response>
  /** Problems with the fault's own parameters, for scenario validation. */
  check(fault: Record<string, unknown>): string | null
}
