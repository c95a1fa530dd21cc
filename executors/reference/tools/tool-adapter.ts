// What the reference knows of one tool: its
// canonical operation, what to send, and how to
// find the effect again. The protocol is shared.
import type { Observed } from '../../../harness/contract/mapping.ts'
import type { StopWaiting } from './stop-waiting.ts'

/**
 * One look's result: its id, null (not there),
 * an error, or no way to look at all.
 */
export type Probe = { readonly found: string | null } | { readonly error: string } | { readonly unsupported: true }

/** A Probe, or the failed look as observed. */
export type LookAnswer = Probe | { readonly failed: Observed }

export interface ToolAdapter<Op> {
  readonly tool: string
  /** Its service: a Retry-After holds back all. */
  readonly service: 'payments' | 'email'
  /** The effect's name in envelopes (`refund`). */
  readonly effectType: string
  /** Irreversible: corrected, never undone. */
  readonly irreversible: boolean
  /** The canonical op (49.9 = "49.90"), or why not. */
  canonical(args: Readonly<Record<string, unknown>>): { ok: true; op: Op } | { ok: false; problem: string }
  /** The exact body, stored and resent as is. */
  body(op: Op, key: string, runId: string, stepId: string): string
  /** Send with `key` and the cut-off (epoch ms). */
  send(body: string, key: string, stop: StopWaiting, deadline: number): Promise<Observed>
  /** Look for the effect tagged `key`. */
  probe(body: string, key: string, timeoutMs: number): Promise<LookAnswer>
  /** The effect's id in a success body, if any. */
  effectId(successBody: unknown): string | undefined
  /**
   * The compensating call, registered before the
   * call, its args completed with the effect's id;
   * null when it cannot be compensated (a refund).
   */
  compensation(
    op: Op,
  ): { readonly tool: string; readonly args: Readonly<Record<string, unknown>>; readonly effectArg: string } | null
}

/** A process's tools, by tool name. */
export type Tools = Readonly<Record<string, ToolAdapter<object>>>
