// Faults are scenario data; each kind's file declares
// its schema, arbitrary, truth and strike. Addressed
// by step and n-th request (docs/internals/engine.md).
import fc from 'fast-check'
import { z } from 'zod'
import type { MockService, ServiceErrorKind } from '../../mock-services/service.ts'
import type { Boundary } from '../contract/names.ts'

export type { Boundary } from '../contract/names.ts'

/**
 * A plan step's id, or `#abort` for the
 * requests of a run's compensation.
 */
export const STEP_REF = z
  .string()
  .regex(/^(?:[A-Za-z0-9_.:-]{1,64}|#abort)$/, 'must be a plan step id (1-64 of A-Z a-z 0-9 _ . : -) or "#abort"')

/** Which requests of a step a request fault counts and strikes. */
export type Target = 'send' | 'probe'

/** The most n can be (the n-th request of a tool call). */
export const MAX_NTH = 1_000

/**
 * What a fault kind's arbitrary may know
 * about the scenario it is drawn for.
 */
export interface FaultContext {
  /** The turn's budget (ms): timing that matters sits around it. */
  readonly turnBudgetMs: number
  /** Only the spine's four boundaries, in their plainest forms. */
  readonly spineOnly: boolean
}

/**
 * Virtual ms in `[from, to]`, offsets from the
 * turn's end. Budget bugs live in a turn's last
 * seconds, so kinds draw some timing there.
 */
export function nearTurnEnd(ctx: FaultContext, from: number, to: number, max = 600_000): fc.Arbitrary<number> {
  const lo = Math.min(max, Math.max(0, ctx.turnBudgetMs + from))
  return fc.integer({ min: lo, max: Math.min(max, Math.max(lo, ctx.turnBudgetMs + to)) })
}

/**
 * How a struck attempt can proceed; handed
 * to a fault by the request pipeline.
 */
export interface AttemptControl {
  readonly request: Request
  readonly attempt: number
  readonly service: MockService
  /** Hand the request to the service; get its response. */
  deliver(options?: { internalError?: boolean }): Promise<Response>
  /** Wait `ms` of virtual time. */
  hold(ms: number): Promise<void>
  /**
   * Resolves when the client abandons the request
   * (its signal fires); never if it cannot.
   * `duringBody`: its answer went out, but the
   * body is unfinished (the give-up is recorded).
   */
  clientGaveUp(options?: { readonly duringBody?: boolean }): Promise<void>
  /**
   * True if the client gives up within `ms`
   * of virtual time, false if `ms` pass
   * first (the timer is gone either way).
   */
  giveUpWithin(ms: number): Promise<boolean>
  /** Record that a delivered request's response was lost. */
  loseResponse(reason: string): void
  /** An error in the service's shape, without the service. */
  errorResponse(kind: ServiceErrorKind, retryAfterS?: number): Response
  /**
   * Restart the service: in-flight work
   * lost; keys kept only by a durable store.
   */
  restartService(): void
}

type Address<T extends Target> = T extends 'send' ? { readonly send: number } : { readonly probe: number }

/**
 * A kind's own parameters (none: nothing,
 * rather than zod's "no key at all").
 */
type Params<P extends z.ZodRawShape> = [keyof P] extends [never] ? unknown : Readonly<z.infer<z.ZodObject<P>>>

/**
 * A request fault's data: its kind,
 * boundary, address and parameters.
 */
export type RequestFaultData<K extends string, B extends Boundary, T extends Target, P extends z.ZodRawShape> = {
  readonly kind: K
  readonly boundary: B
  readonly step: string
} & Address<T> &
  Params<P>

export interface RequestFaultKind<
  K extends string = string,
  B extends Boundary = Boundary,
  T extends Target = Target,
  P extends z.ZodRawShape = z.ZodRawShape,
> {
  readonly kind: K
  readonly boundary: B
  /** Which requests it counts and strikes: sends or reads. */
  readonly targets: T
  /** What the client sees, for docs and reports. */
  readonly summary: string
  /** The effect, for docs and reports: what the ledger will say. */
  readonly truth: string
  /** Its data: validation, type and JSON Schema follow. */
  readonly schema: z.ZodType<RequestFaultData<K, B, T, P>>
  /** How often a campaign draws it, relative to the others. */
  readonly weight: number
  /**
   * On the spine's four boundaries (before-send,
   * in-transit, after-receipt, after-effect)?
   */
  readonly spine: boolean
  /** Its own parameters, as a campaign draws them. */
  parameters(ctx: FaultContext): fc.Arbitrary<z.infer<z.ZodObject<P>>>
  /**
   * The attempt's fate: a Response for the
   * client, or a thrown Node-like network error.
   */
  strike(fault: RequestFaultData<K, B, T, P>, ctl: AttemptControl): Promise<Response>
}

/**
 * Declare a request fault kind; its
 * schema is built from its parameters.
 */
export function requestFaultKind<
  const K extends string,
  const B extends Boundary,
  const T extends Target,
  P extends z.ZodRawShape,
>(def: {
  readonly kind: K
  readonly boundary: B
  readonly targets: T
  readonly summary: string
  readonly truth: string
  readonly params: P
  readonly weight: number
  readonly spine?: boolean
  parameters(ctx: FaultContext): fc.Arbitrary<z.infer<z.ZodObject<P>>>
  strike(fault: RequestFaultData<K, B, T, P>, ctl: AttemptControl): Promise<Response>
}): RequestFaultKind<K, B, T, P> {
  const nth = z
    .int()
    .min(1)
    .max(MAX_NTH)
    .describe(
      def.targets === 'send'
        ? `which side-effecting request of the step's tool call it strikes (1 = the first, over all its asks)`
        : `which read (reconciliation probe) of the step's tool call it strikes`,
    )
  const schema = z
    .strictObject({
      kind: z.literal(def.kind),
      boundary: z.literal(def.boundary),
      step: STEP_REF.describe('the plan step whose tool call it strikes, or "#abort"'),
      [def.targets]: nth,
      ...def.params,
    })
    .describe(`${def.kind} (${def.boundary}): ${def.summary}. Truth: ${def.truth}.`) as unknown as z.ZodType<
    RequestFaultData<K, B, T, P>
  >
  return {
    kind: def.kind,
    boundary: def.boundary,
    targets: def.targets,
    summary: def.summary,
    truth: def.truth,
    schema,
    weight: def.weight,
    spine: def.spine ?? false,
    parameters: def.parameters,
    strike: def.strike,
  }
}

/** The data of a request fault kind. */
export type FaultOf<T> =
  T extends RequestFaultKind<infer K, infer B, infer X, infer P> ? RequestFaultData<K, B, X, P> : never

/**
 * Which request of its step a fault
 * strikes, counted as it targets.
 */
export function nthOf(fault: { readonly send?: number; readonly probe?: number }): number {
  return fault.send ?? fault.probe ?? 0
}
