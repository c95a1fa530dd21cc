// What the reference executor needs to know about one tool: how to read the
// model's arguments as a canonical operation, what to send, and how to find
// the effect again (the probe). The protocol around it is the same for all.
import type { Observed } from '../../../harness/contract/mapping.ts'

/** What one look for an effect established: found (its id), not there (null), nothing (an error), or that there is no way to look. */
export type Probe = { readonly found: string | null } | { readonly error: string } | { readonly unsupported: true }

/** What an adapter's look came back with: a Probe, or the failed request as its client observed it (the policy's mapping reads it: look.ts). */
export type LookAnswer = Probe | { readonly failed: Observed }

export interface ToolAdapter<Op> {
  readonly tool: string
  /** The service that performs it (Retry-After from it holds back every request to it). */
  readonly service: 'payments' | 'email'
  /** What the effect is called in envelopes (`refund`, `email`). */
  readonly effectType: string
  /** Irreversible effects can only be corrected, never undone. */
  readonly irreversible: boolean
  /** The operation's identity, canonicalised (49.9 = "49.90"; case-folded ids), or why the arguments are not usable. */
  canonical(args: Readonly<Record<string, unknown>>): { ok: true; op: Op } | { ok: false; problem: string }
  /** The exact request body; stored with the intent and resent byte for byte. */
  body(op: Op, key: string, runId: string, stepId: string): string
  /** Send it with the given key, forwarding the cut-off (epoch ms); what the client observed. */
  send(body: string, key: string, timeoutMs: number, deadline: number): Promise<Observed>
  /** Look for the effect tagged with `key`; the operation is recovered from the stored body. A look that failed comes back as observed. */
  probe(body: string, key: string, timeoutMs: number): Promise<LookAnswer>
  /** The service's id of the effect in a success body, if the body names one. */
  effectId(successBody: unknown): string | undefined
  /**
   * The compensating tool call, registered before the call: its tool and its
   * arguments, to be completed with the effect's id (`effect`) once known. Null
   * when the effect cannot be compensated (a refund).
   */
  compensation(op: Op): { readonly tool: string; readonly args: Readonly<Record<string, unknown>>; readonly effectArg: string } | null
}
