import fc from 'fast-check'
import { z } from 'zod'
import { MAX_NTH, STEP_REF } from './fault.ts'

export type CrashPoint = 'after-write' | 'after-send' | 'after-response'
export const CRASH_POINTS: readonly CrashPoint[] = ['after-write', 'after-send', 'after-response']

/** The longest pause a crash may take (30 days). */
export const MAX_PAUSE_MS = 30 * 24 * 60 * 60 * 1000

/** How long the services keep an idempotency key (Stripe and Resend: 24 h; docs/vendors.md). */
const KEY_RETENTION_MS = 24 * 60 * 60 * 1000

/**
 * executor: the executor's process crashes at an observable point of a step's
 * tool call — right after its n-th durable write, after its n-th request is
 * sent, or when its n-th response arrives, counted within that call (its
 * recovery included) — and, after `pauseMs`, a new process boots on the same
 * durable storage, runs `recover()`, and the agent asks again for the step
 * that was in flight. A crash is real: nothing the dead process does afterwards
 * reaches the network or its storage; requests it had sent may still arrive. A
 * pause past 24 h outlives the services' keys.
 */
export const executorCrash = {
  kind: 'executor-crash' as const,
  boundary: 'executor' as const,
  summary: 'the executor process crashes after a durable write, a send, or a response, then restarts on the same storage',
  truth: 'durable state only',
  schema: z
    .strictObject({
      kind: z.literal('executor-crash'),
      boundary: z.literal('executor'),
      step: STEP_REF.describe('the plan step whose tool call it strikes, or "#abort"'),
      point: z.enum(['after-write', 'after-send', 'after-response']).describe('after which observable step of the process'),
      nth: z.int().min(1).max(MAX_NTH).describe('which write, send or response of the step, counted within its tool call'),
      pauseMs: z.int().min(0).max(MAX_PAUSE_MS).describe('how long the process stays down before the next one boots'),
    })
    .describe('executor-crash (executor): the executor process crashes, then restarts on the same storage. Truth: durable state only.'),
  /** Where and how long, as a campaign draws them (the step is the scenario's to choose). */
  parameters: () =>
    fc.record({
      point: fc.constantFrom<CrashPoint>(...CRASH_POINTS),
      nth: fc.integer({ min: 1, max: 3 }),
      // A short restart, a long one, one past the services' 24 h key retention, and one that ends
      // within seconds of it: a key the first send stored expires just before, or just after, the
      // resumed ask sends again.
      pauseMs: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0, 5_000, 25 * 60 * 60 * 1000) }, { weight: 1, arbitrary: fc.integer({ min: KEY_RETENTION_MS - 15_000, max: KEY_RETENTION_MS + 5_000 }) }),
    }),
}

export type ExecutorCrash = z.infer<typeof executorCrash.schema>
