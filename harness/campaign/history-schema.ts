// The history and verdict as zod schemas, for the
// report. The TypeScript types stay the source: the
// asserts at the end refuse drift either way.
import { z } from 'zod'
import type { Envelope } from '../contract/envelope.ts'
import { EFFECT_REF, ENVELOPE_FIELDS } from '../contract/envelope-schema.ts'
import { BOUNDARIES, type Boundary } from '../contract/names.ts'
import type { HistoryEvent } from '../history/history.ts'
import type { CoverageCell } from '../judge/coverage.ts'
import type { Violation } from '../judge/finding.ts'
import type { Verdict } from '../judge/verdict.ts'

const count = z.int().min(0)
const ms = z.number().min(0).describe('virtual milliseconds')
const call = z.string().describe("the harness's name of a tool call: runId/stepId, or runId#abort for a compensation")
const BOUNDARY = z.enum(BOUNDARIES as [Boundary, ...Boundary[]])

export const ENVELOPE = z
  .strictObject({ ...ENVELOPE_FIELDS, compensates: EFFECT_REF.nullable().optional() })
  .describe('what an executor reported for one tool call')
  .meta({ id: 'Envelope' })

const stamp = { seq: count.describe('order within the history'), t: ms.describe('virtual ms since the run started') }
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ ...stamp, type: z.literal(type), ...shape })

export const HISTORY_EVENT = z
  .discriminatedUnion('type', [
    event('run-started', {
      executor: z.string(),
      scenario: z.string(),
      seed: count,
      deadline: ms,
      profile: z.array(z.string()),
    }),
    event('process-booted', {
      generation: count,
      contracts: z
        .record(
          z.string(),
          z.strictObject({
            readOnly: z.boolean().optional(),
            destructive: z.boolean().optional(),
            idempotent: z.boolean().optional(),
          }),
        )
        .optional(),
      seesDeadline: z.literal(false).optional(),
    }),
    event('call-started', { call, tool: z.string(), ask: count, args: z.record(z.string(), z.unknown()) }),
    event('attempt-sent', {
      attempt: count,
      call: call.nullable(),
      service: z.string(),
      method: z.string(),
      path: z.string(),
      probe: z.boolean(),
      setup: z.literal(true).optional(),
      mutation: count,
      fingerprint: z.string(),
      generation: count.nullable(),
      forwardedDeadline: z.number().nullable(),
    }),
    event('fault-injected', {
      attempt: count.describe('the HTTP attempt it struck; 0 for a tool-transport fault (a JSON-RPC message)'),
      call: call.nullable(),
      boundary: BOUNDARY,
      kind: z.string(),
    }),
    event('request-delivered', { attempt: count }),
    event('effect-applied', {
      service: z.string(),
      effect: z.string(),
      effectType: z.string(),
      attempt: count,
      call: call.nullable(),
      amount: z.number(),
      target: z.string().nullable(),
    }),
    event('response-sent', { attempt: count, status: z.int(), replayed: z.boolean() }),
    event('answered', {
      attempt: count,
      call: call.nullable(),
      status: z.int().nullable(),
      error: z.string().nullable(),
      retryAfterMs: z.number().nullable(),
      holdOffBy: z.literal('x-ratelimit-reset').optional(),
    }),
    event('abort-requested', { run: z.string(), reason: z.string() }),
    event('abort-reported', { run: z.string(), envelopes: z.array(ENVELOPE), supported: z.boolean() }),
    event('response-lost', { attempt: count, reason: z.string() }),
    event('client-gave-up', {
      attempt: count,
      how: z.string().describe("its signal's reason (TimeoutError, AbortError, an undici code), or closed"),
    }),
    event('outcome-reported', { call, ask: count, envelope: ENVELOPE }),
    event('executor-fault', {
      call: call.nullable(),
      problem: z.enum([
        'threw',
        'hung',
        'invalid-envelope',
        'boot-failed',
        'tampered',
        'exited',
        'out-of-memory',
        'flooded',
        'blocked-network',
        'spawned-process',
        'wrote-files',
      ]),
      message: z.string(),
      host: z.string().optional().describe('blocked-network: the host (or address) it tried to reach'),
    }),
    event('run-ended', { pendingTimers: count }),
    event('turn-started', { deadline: ms }),
    event('process-crashed', { generation: count, point: z.string(), call: call.nullable() }),
    event('process-recovered', { generation: count }),
    event('fenced', { generation: count, what: z.string() }),
    event('service-restarted', { service: z.string() }),
  ])
  .describe("one event of a run's history (harness/history/history.ts)")
  .meta({ id: 'HistoryEvent' })

export const HISTORY = z
  .array(HISTORY_EVENT)
  .describe("a run's history: every event in order, stamped with virtual time")

export const VIOLATION = z
  .strictObject({
    judge: z.string().describe('the judge that found it (harness/judge/, one file each)'),
    call: call.nullable().describe('the tool call it concerns (null: the run as a whole)'),
    tool: z.string().nullable(),
    boundaries: z.array(BOUNDARY).describe('boundaries of the faults that struck the call'),
    message: z.string(),
  })
  .meta({ id: 'Violation' })

/** Refused beyond the mocks (verdict, summary). */
export const BLOCKED = z
  .strictObject({
    attempts: count.describe('HTTP requests to hosts no mock serves, raw sockets, UDP and DNS beyond loopback'),
    hosts: z
      .array(z.string())
      .describe(
        'the hosts (or addresses) they named, sorted, once each: in lower case, without a trailing dot or IPv6 brackets, a mapped IPv4 address dotted (::ffff:1.2.3.4)',
      ),
  })
  .describe('network attempts refused beyond the mock services: each is also a blocked-network executor-fault')

export const VERDICT = z
  .strictObject({
    violations: z.array(VIOLATION),
    unresolved: z.strictObject({ calls: count, unresolved: count }),
    recovery: z
      .array(z.strictObject({ kind: z.string(), boundary: BOUNDARY, ms }))
      .describe(
        'each faulted call that reached a known outcome: the first fault that struck it, and virtual ms from it to that outcome, less the time no process of the executor ran',
      ),
    notStarted: count,
    verification: z.strictObject({ calls: count, probes: count, extraAttempts: count }),
    humanReview: count,
    lateEffects: count,
    lateUnseen: count.optional().describe('of those, sent by a process that said its tools get no deadline'),
    abortsUnsupported: count,
    requests: count.describe('requests that reached a mock service'),
    blocked: BLOCKED,
    faults: count,
    simulatedMs: ms,
    unsent: z
      .strictObject({ call, status: ENVELOPE_FIELDS.status, message: z.string() })
      .optional()
      .describe(
        'no tool call of the run reached a service: what its first ask was told (message cut to 160 characters)',
      ),
  })
  .describe("the judges' findings and measures for one run (harness/judge/verdict.ts)")
  .meta({ id: 'Verdict' })

export const COVERAGE_CELL = z
  .strictObject({
    kind: z.string().describe('the fault kind (executor-crash for a crash of the executor)'),
    boundary: z.string(),
    tool: z.string().describe('the tool of the call it struck; abort for a compensation, (none) outside any call'),
    struck: count,
    effectWhileError: count.describe('the struck attempt applied an effect and its client never saw a success'),
    unknownReconciled: count.describe(
      'after the strike the call was reconciled (a probe, an UNKNOWN report, or a replayed answer to a same-key resend) and then reported a known outcome',
    ),
    crashInFlight: count.describe('a crash while a side-effecting request of the process had no answer yet'),
  })
  .describe('what one fault kind at one boundary on one tool exercised (harness/judge/coverage.ts)')
  .meta({ id: 'CoverageCell' })

// The compiler checks that schemas and types agree, both ways.
/**
 * Deep readonly: report types are
 * read, never written in place.
 */
export type Frozen<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends (infer E)[]
    ? readonly Frozen<E>[]
    : T extends readonly (infer E)[]
      ? readonly Frozen<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Frozen<T[K]> }
        : T
type Agree<A, B> = [Frozen<A>] extends [Frozen<B>] ? ([Frozen<B>] extends [Frozen<A>] ? true : false) : false
const agree = <T extends true>(t: T) => t
agree<Agree<z.infer<typeof HISTORY_EVENT>, HistoryEvent>>(true)
agree<Agree<z.infer<typeof ENVELOPE>, Envelope>>(true)
agree<Agree<z.infer<typeof VIOLATION>, Violation>>(true)
agree<Agree<z.infer<typeof VERDICT>, Verdict>>(true)
agree<Agree<z.infer<typeof COVERAGE_CELL>, CoverageCell>>(true)
