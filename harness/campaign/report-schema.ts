// The report: one versioned JSON shape for gate,
// compare, run and merge; the schema is its one
// source (docs/internals/engine.md).
// Longer than most because it is the whole format.
import { z } from 'zod'
import { IDENTITY_POLICIES, type IdentityPolicy } from '../contract/executor.ts'
import { SCENARIO_SCHEMA } from '../scenario/scenario.ts'
import { BLOCKED, COVERAGE_CELL, HISTORY, VERDICT, VIOLATION, type Frozen } from './history-schema.ts'
import { TIMING_WINDOWS } from './timing-windows.ts'

export const REPORT_FORMAT = 'faultline-report'
export const REPORT_VERSION = 4

/** The scenario format, named in the published schema. */
const SCENARIO = SCENARIO_SCHEMA.meta({ id: 'Scenario' })

const count = z.int().min(0)
/** A vendor pair's name: `square+ses`. */
const PAIR = z
  .string()
  .regex(/^(stripe|square|paypal)\+(resend|ses|sendgrid)$/, 'must be payments+email, e.g. square+ses')
const rate = z.number().min(0).max(1)

const SHARD = z
  .strictObject({ index: z.int().min(1).describe('1-based'), total: z.int().min(1) })
  .describe(
    'shard index of total: it ran the runs whose 0-based number is index-1 modulo total (null: the whole campaign)',
  )

const CAMPAIGN = z.strictObject({
  seed: z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .describe('fast-check seed of the campaign'),
  runs: z.int().min(1).describe('runs asked for (--runs)'),
  profile: z.string().describe('what the services could do beyond the vendors: vendor, hostile, or vendor+features'),
  vendors: PAIR.optional().describe(
    'the vendors the services played, payments+email (stripe+resend, square+ses…); absent in reports written before vendors: stripe+resend',
  ),
  faultline: z
    .string()
    .describe('the version of faultline that ran it: scenarios are only comparable within one version'),
  corpus: z.string().nullable().describe('the failure corpus directory (--corpus; null: --no-corpus)'),
  judges: z
    .string()
    .nullable()
    .describe('the --judge modules, as given (null: the bundled judges only); replay commands pass them again'),
  shard: SHARD.nullable(),
})

export const CUT_REASONS = ['max-time', 'interrupted', 'load-failed'] as const

export const CUT = z
  .strictObject({
    by: z
      .enum(CUT_REASONS)
      .describe(
        'max-time: the --max-time budget ran out; interrupted: a signal (Ctrl-C, a CI cancel) or the caller; load-failed: the executor module did not load again in a new worker, twice in a row (its worker ended by a run, or recycled)',
      ),
    signal: z.enum(['SIGINT', 'SIGTERM']).nullable().describe('the signal that interrupted it (null: none)'),
    maxTimeMs: z.int().min(1).nullable().describe('the --max-time budget, in real ms (null: not given)'),
    error: z
      .string()
      .optional()
      .describe("load-failed: the module's error when loaded again (compare: after the executor's name)"),
  })
  .describe(
    'the campaign ended before its runs were all made: no run started after, the runs in flight finished, shrinking stopped where it was. summary.runs counts the runs made, campaign.runs the runs asked. Absent: it ran to its end',
  )
  .meta({ id: 'Cut' })

const EXECUTOR = z.strictObject({
  spec: z
    .string()
    .describe('as given on the command line: a bundled name or a module path (what a replay command passes)'),
  name: z.string().describe("the executor's own name"),
  declared: z
    .strictObject({
      tools: z.array(z.string()).describe('the faultline tools it offers; the generator drew only these'),
      identity: z
        .enum(IDENTITY_POLICIES as [IdentityPolicy, ...IdentityPolicy[]])
        .describe('how it names an operation; per-run: no plan had two steps alike'),
    })
    .optional()
    .describe('what the executor declared of itself (absent: every tool, one operation per plan step)'),
})

const PERCENTILES = z.strictObject({
  count,
  p50: z.number().nullable(),
  p95: z.number().nullable(),
  max: z.number().nullable(),
})

export const SUMMARY = z
  .strictObject({
    executor: z.string(),
    profile: z.string(),
    runs: count.describe('runs counted: a gate stops at its first failure; a shard counts only its own runs'),
    failingRuns: count,
    firstFailureRun: z.int().min(1).nullable().describe('1-based number of the first failing run'),
    violations: z.record(z.string(), count).describe('violations per judge'),
    violationsByTool: z.record(z.string(), count),
    violationsByBoundary: z.record(z.string(), count),
    unresolved: z.strictObject({
      calls: count.describe('tool calls that got at least one report'),
      unresolved: count,
      rate,
    }),
    recoveryMs: PERCENTILES.describe(
      "virtual ms from a call's first fault to its first known outcome, less the time no process of the executor ran",
    ),
    recoveryByFault: z
      .array(z.strictObject({ kind: z.string(), boundary: z.string(), latency: PERCENTILES }))
      .describe("recovery latency per class of the first fault (kind × boundary), in the order of a request's path"),
    notStarted: count.describe('asks refused before any request was sent'),
    verification: z.strictObject({
      calls: count.describe('tool calls that had at least one request reach a service: none, and nothing was tested'),
      probesPerCall: z.number().min(0),
      extraAttemptsPerCall: z.number().min(0),
    }),
    humanReview: count,
    lateEffects: count,
    lateUnseen: count
      .optional()
      .describe(
        'of the late effects, those sent by a process that said its tools get no deadline (seesDeadline: false, an adapter with passOperation: false): not judged by the time left; absent: none',
      ),
    abortsUnsupported: count,
    requests: count.describe('requests that reached a mock service, in tool calls or outside them'),
    blocked: BLOCKED,
    nothingTested: z
      .string()
      .nullable()
      .describe(
        'why no tool call of the runs counted had a request reach a service (null: some did). A gate or merge of a whole campaign with a reason here fails; a shard leaves it to the merge',
      ),
    faults: count,
    simulatedMs: z.number().min(0),
    coverage: z.array(COVERAGE_CELL).describe('per fault kind × boundary × tool, sorted by those names'),
    timingWindows: z
      .array(z.strictObject({ window: z.enum(TIMING_WINDOWS), runs: count }))
      .optional()
      .describe(
        'absent in reports written before it was added. Runs that struck each narrow timing window some bugs need (harness/campaign/timing-windows.ts)',
      ),
  })
  .describe("one executor's campaign, aggregated")
  .meta({ id: 'Summary' })

export const COUNTEREXAMPLE = z
  .strictObject({
    judge: z.string().describe('the judge whose violation shrinking kept'),
    run: z.int().min(1).describe('1-based number of the campaign run it was shrunk from'),
    fastCheck: z.strictObject({ seed: z.int(), path: z.string() }).describe("fast-check's seed and path of that run"),
    shrinks: count,
    reproduced: z
      .boolean()
      .describe(
        "false: the run did not fail again when replayed alone, and the scenario is the original, unshrunk: the executor's behaviour depends on state from earlier runs (module variables, files, a cache). With cut: never replayed",
      ),
    cut: z
      .literal(true)
      .optional()
      .describe(
        'the campaign was cut while or before shrinking: the scenario is as far as shrinking got (shrinks steps; reproduced false: the original run, never replayed)',
      ),
    violations: z.array(VIOLATION).describe("what the minimal scenario's replay violated"),
    scenario: SCENARIO.describe('the minimal scenario (scenario format, version 2)'),
    file: z
      .string()
      .nullable()
      .describe('where it was saved in the corpus, relative to the working directory (null: not saved)'),
    replay: z.string().nullable().describe('the command that replays exactly that file'),
    history: HISTORY.nullable().describe("the history of the minimal scenario's replay (null: it did not reproduce)"),
  })
  .meta({ id: 'Counterexample' })

export const RUN_RECORD = z
  .strictObject({
    index: count.describe('0-based run number'),
    verdict: VERDICT,
    coverage: z.array(COVERAGE_CELL),
    windows: z.array(z.enum(TIMING_WINDOWS)).optional().describe('the narrow timing windows it struck'),
  })
  .describe('one run of the campaign: what a merge aggregates again')
  .meta({ id: 'RunRecord' })

const CORPUS_RESULT = z.strictObject({
  file: z.string().describe('the entry, relative to the working directory'),
  judge: z.string().describe('the judge it was saved for'),
  status: z.enum(['still-failing', 'fixed']).describe('still-failing: its replay violated something; fixed: nothing'),
  violations: z.array(VIOLATION),
  replay: z.string().describe('the command that replays it'),
})

const CORPUS_ELSEWHERE = z.strictObject({
  file: z.string().describe('the entry, relative to the working directory'),
  profile: z.string().describe('the profile it was saved under, e.g. hostile'),
  vendors: PAIR.optional().describe("the vendors it was saved under, when not the gate's (absent: the gate's own)"),
})

const REQUIREMENT = z.strictObject({
  term: z.string().describe('as written in --min-coverage, e.g. reset-after-effect:issue_refund:effect-while-error'),
  kind: z.string().nullable(),
  boundary: z.string().nullable(),
  tool: z.string().nullable(),
  state: z.enum(['struck', 'effect-while-error', 'unknown-reconciled', 'crash-in-flight']),
  need: z.int().min(1),
  got: count.nullable().describe('null in a shard: coverage is checked over the whole campaign, when merged'),
  met: z.boolean().nullable(),
})

const HEAD = {
  $schema: z.string().optional().describe('the JSON Schema, for editors'),
  format: z.literal(REPORT_FORMAT),
  version: z.literal(REPORT_VERSION),
}

export const GATE_REPORT = z
  .strictObject({
    ...HEAD,
    command: z.literal('gate'),
    campaign: CAMPAIGN,
    executor: EXECUTOR,
    passed: z
      .boolean()
      .describe(
        'no violation found, no corpus entry still failing, every coverage requirement met, (a whole campaign) something tested: summary.nothingTested is null, and not interrupted (a campaign cut by --max-time passes on the runs it made, if it made any)',
      ),
    cut: CUT.optional(),
    summary: SUMMARY,
    counterexample: COUNTEREXAMPLE.nullable().describe('the minimal counterexample of the first failing run'),
    corpus: z
      .array(CORPUS_RESULT)
      .describe("this executor's corpus entries, replayed before the campaign, by file name"),
    corpusElsewhere: z
      .array(CORPUS_ELSEWHERE)
      .optional()
      .describe(
        "entries saved under a profile with features this gate's lacks, or under other vendors, not replayed: a vendor gate is not failed by what only a hostile service does, nor a gate of one pair by another pair's services (gate with their --profile or --vendors to replay them)",
      ),
    minCoverage: z.array(REQUIREMENT).describe('--min-coverage, and whether the campaign met it'),
    runs: z.array(RUN_RECORD).optional().describe('every counted run (files written by --out; not in --json)'),
  })
  .describe('faultline gate: one executor, stopped at its first violation')
  .meta({ id: 'GateReport' })

const ROW = z.strictObject({
  executor: EXECUTOR,
  summary: SUMMARY,
  passK: z
    .strictObject({
      k: z.int().min(1),
      scenarios: count.describe("scenarios replayed: the campaign's first ones (a shard: its share)"),
      replays: count.describe('replays run over them: k per scenario, fewer where a replay had already failed'),
      passed: count.describe('scenarios right on every one of the k replays'),
      faulted: count.describe(
        'scenarios where a replay ended in an executor fault (threw, hung, exited, out of memory, …): not passed, and counted here',
      ),
      rate: rate.nullable().describe('passed / scenarios; null (n/a) when no scenario was replayed'),
    })
    .describe('pass^k (docs/campaigns.md has the formula)'),
  counterexamples: z
    .array(COUNTEREXAMPLE)
    .describe(
      "one minimal counterexample per violation class: the first failing run's first, then by first appearance",
    ),
  runs: z.array(RUN_RECORD).optional().describe('every run (files written by --out)'),
  passKRuns: z
    .array(z.strictObject({ index: count, passed: z.boolean(), replays: count, faulted: z.boolean() }))
    .optional()
    .describe("each pass^k scenario's result (files written by --out)"),
})

export const COMPARE_REPORT = z
  .strictObject({
    ...HEAD,
    command: z.literal('compare'),
    campaign: CAMPAIGN.extend({ k: z.int().min(1), passKScenarios: z.int().min(1) }),
    cut: CUT.optional(),
    leftOut: z
      .array(z.strictObject({ executor: z.string(), speaks: z.array(z.string()) }))
      .optional()
      .describe(
        "executors named but not compared: they speak other vendors than the campaign's (their declare()); absent: none",
      ),
    rows: z
      .array(ROW)
      .describe('one per executor, in the order given (cut: the executors reached; the last one cut short, no pass^k)'),
  })
  .describe('faultline compare: the same scenarios against each executor')
  .meta({ id: 'CompareReport' })

export const RUN_REPORT = z
  .strictObject({
    ...HEAD,
    command: z.literal('run'),
    executor: EXECUTOR,
    scenario: z.strictObject({ file: z.string(), name: z.string() }),
    passed: z.boolean().describe('no violation, and something tested (no nothingTested)'),
    nothingTested: z
      .string()
      .optional()
      .describe('no tool call had a request reach a service, and why: never a pass (absent: something was tested)'),
    verdict: VERDICT,
    coverage: z.array(COVERAGE_CELL),
    history: HISTORY,
  })
  .describe('faultline run: one scenario replayed')
  .meta({ id: 'RunReport' })

export const REPORT_SCHEMA = z
  .discriminatedUnion('command', [GATE_REPORT, COMPARE_REPORT, RUN_REPORT])
  .describe(
    `A faultline report (format faultline-report, version ${REPORT_VERSION}): what gate, compare, run and merge print with --json and write with --out.`,
  )

export type Report = Frozen<z.infer<typeof REPORT_SCHEMA>>
export type GateReport = Frozen<z.infer<typeof GATE_REPORT>>
export type CompareReport = Frozen<z.infer<typeof COMPARE_REPORT>>
export type RunReport = Frozen<z.infer<typeof RUN_REPORT>>
export type ReportSummary = Frozen<z.infer<typeof SUMMARY>>
export type ReportCounterexample = Frozen<z.infer<typeof COUNTEREXAMPLE>>
export type CoverageRequirement = Frozen<z.infer<typeof REQUIREMENT>>
export type CorpusResult = Frozen<z.infer<typeof CORPUS_RESULT>>
export type CorpusElsewhere = Frozen<z.infer<typeof CORPUS_ELSEWHERE>>
export type ReportCut = Frozen<z.infer<typeof CUT>>
export type CompareRow = Frozen<z.infer<typeof ROW>>
