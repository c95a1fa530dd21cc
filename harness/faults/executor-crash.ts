import fc from 'fast-check'
import { z } from 'zod'
import { MAX_NTH, STEP_REF } from './fault.ts'

export type CrashPoint = 'after-write' | 'after-send' | 'after-response'
export const CRASH_POINTS: readonly CrashPoint[] = ['after-write', 'after-send', 'after-response']

/** The longest pause a crash may take (30 days). */
export const MAX_PAUSE_MS = 30 * 24 * 60 * 60 * 1000

/** How long services keep a key: 24 h (docs/vendors.md). */
const KEY_RETENTION_MS = 24 * 60 * 60 * 1000

/**
 * executor: the process crashes after its n-th write,
 * send or response in a step's tool call; after
 * `pauseMs` a new one boots on the same storage and
 * the agent asks again (docs/internals/engine.md).
 */
export const executorCrash = {
  kind: 'executor-crash' as const,
  boundary: 'executor' as const,
  summary:
    'the executor process crashes after a durable write, a send, or a response, then restarts on the same storage',
  truth: 'durable state only',
  schema: z
    .strictObject({
      kind: z.literal('executor-crash'),
      boundary: z.literal('executor'),
      step: STEP_REF.describe('the plan step whose tool call it strikes, or "#abort"'),
      point: z
        .enum(['after-write', 'after-send', 'after-response'])
        .describe('after which observable step of the process'),
      nth: z
        .int()
        .min(1)
        .max(MAX_NTH)
        .describe('which write, send or response of the step, counted within its tool call'),
      pauseMs: z.int().min(0).max(MAX_PAUSE_MS).describe('how long the process stays down before the next one boots'),
    })
    .describe(
      'executor-crash (executor): the executor process crashes, then restarts on the same storage. Truth: durable state only.',
    ),
  /** Where and how long, as a campaign draws them. */
  parameters: () =>
    fc.record({
      point: fc.constantFrom<CrashPoint>(...CRASH_POINTS),
      nth: fc.integer({ min: 1, max: 3 }),
      // Short, long, past the 24 h key retention, and
      // within seconds of it: the key expires just
      // before or after the resumed ask sends again.
      pauseMs: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(0, 5_000, 25 * 60 * 60 * 1000) },
        { weight: 1, arbitrary: fc.integer({ min: KEY_RETENTION_MS - 15_000, max: KEY_RETENTION_MS + 5_000 }) },
      ),
    }),
}

export type ExecutorCrash = z.infer<typeof executorCrash.schema>
