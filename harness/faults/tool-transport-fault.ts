// tool-transport: faults on the JSON-RPC messages
// between an MCP client and the team's server.
// Addressed by step and n-th tools/call of the
// step; an MCP adapter strikes them (adapters/mcp).
import type fc from 'fast-check'
import { z } from 'zod'
import type { TransportControl } from '../contract/tool-transport.ts'
import { type FaultContext, MAX_NTH, STEP_REF } from './fault.ts'

/** A tool-transport fault's data. */
export type ToolTransportFaultData<K extends string, P extends z.ZodRawShape> = {
  readonly kind: K
  readonly boundary: 'tool-transport'
  readonly step: string
  /** The n-th tools/call of the step (every ask counts). */
  readonly call: number
} & ([keyof P] extends [never] ? unknown : Readonly<z.infer<z.ZodObject<P>>>)

export interface ToolTransportFaultKind<K extends string = string, P extends z.ZodRawShape = z.ZodRawShape> {
  readonly kind: K
  readonly boundary: 'tool-transport'
  /** What the client sees, for docs and reports. */
  readonly summary: string
  /** What the ledger will say. */
  readonly truth: string
  readonly schema: z.ZodType<ToolTransportFaultData<K, P>>
  /** How often a campaign draws it, among its boundary's. */
  readonly weight: number
  parameters(ctx: FaultContext): fc.Arbitrary<z.infer<z.ZodObject<P>>>
  /** The struck tools/call's fate. */
  strike(fault: ToolTransportFaultData<K, P>, ctl: TransportControl): Promise<void>
}

/** Declare a tool-transport fault kind. */
export function toolTransportFaultKind<const K extends string, P extends z.ZodRawShape>(def: {
  readonly kind: K
  readonly summary: string
  readonly truth: string
  readonly params: P
  readonly weight: number
  parameters(ctx: FaultContext): fc.Arbitrary<z.infer<z.ZodObject<P>>>
  strike(fault: ToolTransportFaultData<K, P>, ctl: TransportControl): Promise<void>
}): ToolTransportFaultKind<K, P> {
  const schema = z
    .strictObject({
      kind: z.literal(def.kind),
      boundary: z.literal('tool-transport'),
      step: STEP_REF.describe('the plan step whose tool call it strikes'),
      call: z
        .int()
        .min(1)
        .max(MAX_NTH)
        .describe("which tools/call of the step's tool call it strikes (1 = the first, over all its asks)"),
      ...def.params,
    })
    .describe(`${def.kind} (tool-transport): ${def.summary}. Truth: ${def.truth}.`) as unknown as z.ZodType<
    ToolTransportFaultData<K, P>
  >
  return {
    kind: def.kind,
    boundary: 'tool-transport',
    summary: def.summary,
    truth: def.truth,
    schema,
    weight: def.weight,
    parameters: def.parameters,
    strike: def.strike,
  }
}

/** The data of a tool-transport fault kind. */
export type ToolTransportFaultOf<T> =
  T extends ToolTransportFaultKind<infer K, infer P> ? ToolTransportFaultData<K, P> : never

/** The truth of the kinds that leave the server running. */
export const HANDLER_TRUTH = "effect iff the handler's request reached the service"
