// What the reference needs to know about one tool: its
// canonical operation, what to send, and how to find the
// effect again. The protocol around it is shared.
import type { Observed } from '../../../harness/contract/mapping.ts'

/**
 * One look's result: its id, null (not there), an error,
 * or no way to look at all.
 */
export type Probe = { readonly found: string | null } | { readonly error: string } | { readonly unsupported: true }

/** A Probe, or the failed look as observed (look.ts maps it). */
export type LookAnswer = Probe | { readonly failed: Observed }

export interface ToolAdapter<Op> {
  readonly tool: string
  /** The service (its Retry-After holds back all requests). */
  readonly service: 'payments' | 'email'
  /** What the effect is called in envelopes (`refund`, `email`). */
  readonly effectType: string
  /** Irreversible effects can only be corrected, never undone. */
  readonly irreversible: boolean
  /** Canonical identity (49.9 = "49.90"), or why not usable. */
  canonical(args: Readonly<Record<string, unknown>>): { ok: true; op: Op } | { ok: false; problem: string }
  /** The exact request body; stored and resent byte for byte. */
  body(op: Op, key: string, runId: string, stepId: string): string
  /** Send with `key`, forwarding the cut-off (epoch ms). */
  send(body: string, key: string, timeoutMs: number, deadline: number): Promise<Observed>
  /** Look for the effect tagged `key` (the op: from `body`). */
  probe(body: string, key: string, timeoutMs: number): Promise<LookAnswer>
  /** The effect's id in a success body, if it names one. */
  effectId(successBody: unknown): string | undefined
  /**
   * The compensating call, registered before the call, its
   * args completed with the effect's id; null when it cannot
   * be compensated (a refund).
   */
  compensation(op: Op): { readonly tool: string; readonly args: Readonly<Record<string, unknown>>; readonly effectArg: string } | null
}
