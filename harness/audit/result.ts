// The audit's result as plain, versioned data, with
// its zod schema: the one source of its type, and
// what a consumer validates with.
import { z } from 'zod'
import { CLIENT_NAMES, MAPPING_CLASSES, type ClientName, type MappingClass } from '../contract/mapping.ts'
import { SCENARIO_SCHEMA } from '../scenario/scenario.ts'
import { MAPPING_PROBLEMS } from './answer.ts'
import { CONSEQUENCES } from './grade.ts'
import { TRUTHS } from './truth.ts'

export const AUDIT_FORMAT = 'faultline-audit'
/** The tag older results carry: read, never written. */
export const LEGACY_AUDIT_FORMAT = 'faultline/audit-mapping'
export const AUDIT_VERSION = 1

const CLIENT = z.enum(CLIENT_NAMES as [ClientName, ...ClientName[]])
const CLASS = z.enum(MAPPING_CLASSES as [MappingClass, ...MappingClass[]])
const TRUTH = z.enum(TRUTHS as [string, ...string[]])
const CONSEQUENCE = z.enum(CONSEQUENCES as [string, ...string[]])
const OBSERVATION = z.enum([
  'refused',
  'name-not-resolved',
  'success',
  'client-timeout',
  'reset',
  'status-500',
  'status-503',
  'status-504',
  'status-429',
  'status-400',
  'status-409',
  'probe-timeout',
  'caller-cancel',
  'headers-timeout',
  'body-timeout',
  'body-cut',
  'status-502',
  'key-reused',
])

const CELL = z.strictObject({
  case: z.string().describe('the row: a fault kind of the catalogue and its variant'),
  client: CLIENT,
  observed: z.string().describe('what the client raised or answered, in a line'),
  class: CLASS.nullable().describe("the mapping's class; null when it failed on this cell"),
  problem: z.strictObject({ kind: z.enum(MAPPING_PROBLEMS as [string, ...string[]]), detail: z.string() }).nullable(),
  truth: TRUTH.nullable().describe('what the ledger says for this row'),
  knowable: z.array(TRUTH).describe('the truths of every row where this client showed the same thing'),
  sameAs: z.array(z.string()).describe('the other rows this client cannot tell from this one'),
  grade: z.enum(['right', 'costly', 'dangerous', 'faulty']),
  consequence: CONSEQUENCE.nullable(),
  why: z.string(),
})

const COUNTEREXAMPLE = z.strictObject({
  scenario: SCENARIO_SCHEMA.describe(
    'the minimal scenario: save it and replay it with `faultline run <file> --mapping <module>`',
  ),
  violations: z.array(z.strictObject({ judge: z.string(), call: z.string().nullable(), message: z.string() })),
  shrinks: z.int(),
  fastCheck: z.strictObject({ seed: z.int(), path: z.string() }),
  reproduced: z.boolean(),
  file: z
    .string()
    .optional()
    .describe(
      'where `faultline audit-mapping` saved the scenario, relative to its working directory (absent: not saved, as from the library call)',
    ),
  replay: z.string().optional().describe('the command that replays exactly that file'),
})

const CONSEQUENCE_CELL = z.strictObject({
  case: z.string(),
  client: CLIENT,
  consequence: CONSEQUENCE,
  status: z
    .enum(['reached', 'not-reached', 'lookalike', 'not-fetch'])
    .describe(
      'reached: a campaign run attributed to it (counterexample below); lookalike: its own row cannot show it; not-fetch: the reference calls through fetch',
    ),
  note: z.string(),
  firstRun: z.int().nullable(),
  judge: z.string().nullable(),
  counterexample: COUNTEREXAMPLE.nullable(),
})

export const AUDIT_RESULT_SCHEMA = z.strictObject({
  format: z.literal(AUDIT_FORMAT),
  version: z.literal(AUDIT_VERSION),
  mapping: z.string().describe('the mapping module as given'),
  verdict: z.enum(['pass', 'fail']).describe('fail: a dangerous cell, or a cell the mapping failed on'),
  clients: z.array(CLIENT),
  skippedClients: z.array(z.strictObject({ client: CLIENT, why: z.string() })),
  counts: z.strictObject({ cells: z.int(), right: z.int(), costly: z.int(), dangerous: z.int(), faulty: z.int() }),
  matrix: z.strictObject({
    rows: z.array(z.strictObject({ id: z.string(), kind: z.string(), label: z.string(), observation: OBSERVATION })),
    cells: z.array(CELL),
  }),
  consequences: z.strictObject({
    executor: z.string(),
    profile: z.string(),
    seed: z.int(),
    runs: z.int(),
    skipped: z.string().nullable(),
    failingRuns: z.int(),
    violations: z.record(z.string(), z.int()),
    unattributedRuns: z.int().describe('failing runs no dangerous cell explains'),
    unattributed: z
      .array(
        z.strictObject({
          run: z.int().describe('1-based campaign run'),
          judges: z.array(z.string()),
          scenario: SCENARIO_SCHEMA.describe('the run as drawn (not shrunk)'),
          file: z.string().optional().describe('where `faultline audit-mapping` saved it'),
          replay: z.string().optional().describe('the command that replays exactly that file'),
        }),
      )
      .optional()
      .describe(
        'each failing run no dangerous cell explains, to replay (absent from results written before it was added)',
      ),
    cells: z.array(CONSEQUENCE_CELL).describe('one per dangerous cell'),
  }),
  sources: z.strictObject({
    sources: z.array(z.strictObject({ id: z.string(), name: z.string(), version: z.string(), where: z.string() })),
    rows: z.array(
      z.strictObject({
        observation: OBSERVATION,
        cases: z.array(z.string()),
        mapping: z.array(z.strictObject({ class: CLASS, clients: z.array(CLIENT) })),
        published: z.array(
          z.strictObject({ source: z.string(), class: CLASS.nullable(), says: z.string(), departs: z.boolean() }),
        ),
        sourcesDisagree: z.boolean(),
      }),
    ),
  }),
})

export type AuditResult = z.infer<typeof AUDIT_RESULT_SCHEMA>
export type ConsequenceCell = AuditResult['consequences']['cells'][number]
