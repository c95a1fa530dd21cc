// A report as Markdown (--markdown, the CI
// step summary): verdict, figures or
// leaderboard, coverage, counterexamples
// folded. Under the 1 MiB limit, blocks are
// shortened or left out, never cut.
// Longer than most because it is the gate's,
// compare's and run's Markdown in one place.
import { TIMING_WINDOW_HEADER, timingWindowRows } from './coverage-text.ts'
import type {
  CompareReport,
  GateReport,
  ReportCounterexample,
  ReportSummary,
  RunReport,
  Report,
} from '../harness/campaign/report-schema.ts'
import type { History } from '../harness/history/history.ts'
import { describeEvent } from './kit/describe-event.ts'
import { ms } from './kit/format.ts'
import { code, details, fenced, fitBlocks, md, mdTable, STEP_SUMMARY_LIMIT, type Block } from './markdown-kit.ts'
import { classKey, recoveryClasses } from './kit/recovery-classes.ts'
import { describeScenario } from './kit/describe-scenario.ts'
import { termDeep } from './escape/terminal.ts'
import { leftOutLine, vendorsPart } from './kit/vendors-part.ts'
import { byLeaderboard, leaderboardCells } from './kit/leaderboard.ts'
import { cutLabel, cutLine } from './kit/cut-notes.ts'
import { adviceFor } from './kit/judge-advice.ts'
import { unresolvedWords } from './kit/unresolved-words.ts'
import { elsewhereWords } from './kit/elsewhere-words.ts'
import { runLine } from './kit/run-line.ts'

export interface MarkdownOptions {
  /** At most this many bytes (default MARKDOWN_BUDGET). */
  readonly maxBytes?: number
}

/**
 * Default: 1 MiB less 24 KiB for the rest
 * of the step's summary.
 */
export const MARKDOWN_BUDGET = STEP_SUMMARY_LIMIT - 24 * 1024

const REST = 'The whole result is in the JSON report (`--out FILE`), which `faultline report FILE --html …` draws.'

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const blocks =
    report.command === 'gate'
      ? gateBlocks(report)
      : report.command === 'compare'
        ? compareBlocks(report)
        : runBlocks(report)
  return fitBlocks(blocks, options.maxBytes ?? MARKDOWN_BUDGET, REST)
}

function verdictHead(passed: boolean, title: string, line: string): string {
  return `## ${passed ? '✅' : '❌'} ${md(title)}\n\n**${md(line)}**`
}

function gateBlocks(r: GateReport): Block[] {
  const s = r.summary
  const c = r.campaign
  const stillFailing = r.corpus.filter((e) => e.status === 'still-failing')
  const unmet = r.minCoverage.filter((q) => q.met === false)
  const cut = cutLine(r.cut, s.runs, c.runs)
  const line = r.passed
    ? `PASS — no violation in ${s.runs} generated runs${r.corpus.length ? ` and ${r.corpus.length} corpus replay(s)` : ''}${cut ? ` (${cut})` : ''}`
    : [
        cut && r.cut ? `${cutLabel(r.cut)} — ${cut}` : '',
        s.nothingTested && !c.shard ? `NOTHING TESTED — ${s.nothingTested}` : '',
        r.counterexample
          ? `FAIL — ${s.failingRuns} failing run(s), first at run ${s.firstFailureRun} (${r.counterexample.judge})`
          : '',
        stillFailing.length
          ? `FAIL — ${stillFailing.length} corpus entr${stillFailing.length === 1 ? 'y' : 'ies'} still failing`
          : '',
        unmet.length
          ? `FAIL — --min-coverage not met: ${unmet.map((q) => `${q.term} ${q.got} of ${q.need}`).join(', ')}`
          : '',
      ]
        .filter(Boolean)
        .join('; ')
  const shard = c.shard ? ` · shard ${c.shard.index}/${c.shard.total}` : ''
  const head = `${verdictHead(r.passed, `faultline gate — ${s.executor}`, line)}\n\nexecutor ${code(r.executor.spec)} · seed ${c.seed} · ${s.runs} of ${c.runs} runs · profile ${md(c.profile)}${md(vendorsPart(c, ' · '))}${shard} · faultline ${md(c.faultline)}`
  const blocks: Block[] = [{ full: head }, { full: figures(s) }]
  if (r.corpus.length) {
    const rows = r.corpus.map((e) => [
      e.status === 'fixed' ? '✅ fixed' : '❌ still failing',
      code(e.file),
      md([...new Set(e.violations.map((v) => v.judge))].join(', ') || '—'),
      e.status === 'fixed' ? '' : code(e.replay),
    ])
    blocks.push({
      full: `### Corpus: ${r.corpus.length} saved counterexample(s) replayed first\n\n${mdTable(['status', 'file', 'violations', 'replay'], rows)}`,
    })
  }
  const elsewhere = r.corpusElsewhere ?? []
  if (elsewhere.length)
    blocks.push({
      full: `Not replayed: ${md(elsewhereWords(elsewhere))} (${elsewhere.map((e) => code(e.file)).join(', ')})`,
    })
  if (r.minCoverage.length) {
    const rows = r.minCoverage.map((q) => [
      q.met === null ? '· checked when merged' : q.met ? '✅' : '❌',
      code(q.term),
      String(q.need),
      q.got === null ? '—' : String(q.got),
    ])
    blocks.push({ full: `### Coverage required (--min-coverage)\n\n${mdTable(['met', 'term', 'need', 'got'], rows)}` })
  }
  blocks.push({ full: coverage(s) })
  if (r.counterexample) blocks.push(counterexampleBlock(s.executor, r.counterexample, true))
  return blocks
}

function figures(s: ReportSummary): string {
  const violations = Object.entries(s.violations).filter(([, n]) => n > 0)
  const rows = [
    ['failing runs', `${s.failingRuns} of ${s.runs}${s.firstFailureRun ? ` (first: run ${s.firstFailureRun})` : ''}`],
    ['violations', violations.length ? violations.map(([j, n]) => `${code(j)} ${n}`).join(' · ') : 'none'],
    ['unresolved', unresolvedWords(s.unresolved)],
    [
      'recovery (virtual ms)',
      `p50 ${ms(s.recoveryMs.p50)} · p95 ${ms(s.recoveryMs.p95)} · max ${ms(s.recoveryMs.max)} (${s.recoveryMs.count} faulted calls)`,
    ],
    // Per first-fault class: one slow class (a
    // 25-hour crash pause) hides no other.
    ...s.recoveryByFault.map((c) => [
      `↳ ${code(c.kind)} @ ${md(c.boundary)}`,
      `p50 ${ms(c.latency.p50)} · p95 ${ms(c.latency.p95)} · max ${ms(c.latency.max)} (${c.latency.count})`,
    ]),
    [
      'verification',
      `${s.verification.probesPerCall.toFixed(2)} probes and ${s.verification.extraAttemptsPerCall.toFixed(2)} extra sends per tool call`,
    ],
    ['left to human review', String(s.humanReview)],
    ['not started', `${s.notStarted} ask(s) refused before sending anything`],
    [
      'late effects',
      `${s.lateEffects}${s.lateUnseen ? ` (${s.lateUnseen} sent with no deadline given: seesDeadline false)` : ''}${s.abortsUnsupported ? ` · ${s.abortsUnsupported} abort(s) unsupported` : ''}`,
    ],
    [
      'simulated',
      `${(s.simulatedMs / 1000).toFixed(0)} s of virtual time · ${s.requests} requests · ${s.faults} faults`,
    ],
    ...(s.blocked.attempts
      ? [['refused', `${s.blocked.attempts} attempt(s) to reach ${s.blocked.hosts.map(code).join(', ')}`]]
      : []),
    ...(s.nothingTested ? [['nothing tested', md(s.nothingTested)]] : []),
  ]
  return `### Figures\n\n${mdTable(['measure', 'value'], rows)}`
}

function coverage(s: ReportSummary): string {
  if (s.coverage.length === 0) return '### Coverage\n\nnothing struck: no fault was injected and no process crashed'
  const total = (pick: (c: ReportSummary['coverage'][number]) => number) => s.coverage.reduce((n, c) => n + pick(c), 0)
  const rows = s.coverage.map((c) => [
    code(c.kind),
    md(c.boundary),
    md(c.tool),
    String(c.struck),
    dot(c.effectWhileError),
    dot(c.unknownReconciled),
    dot(c.crashInFlight),
  ])
  const summary = `${total((c) => c.struck)} strike(s) over ${s.coverage.length} fault × boundary × tool cells · effect landed while the client saw an error ${total((c) => c.effectWhileError)} · unknown reconciled ${total((c) => c.unknownReconciled)} · crash with a request in flight ${total((c) => c.crashInFlight)}`
  return `### Coverage\n\n${details(summary, mdTable(['fault', 'boundary', 'tool', 'struck', 'effect+error', 'unknown→known', 'crash in flight'], rows))}${windows(s)}`
}

/** Beside the coverage: narrow timings struck. */
function windows(s: ReportSummary): string {
  if (!s.timingWindows?.length) return ''
  const rows = timingWindowRows(s.timingWindows, s.runs).map(([w, n, per, what]) => [code(w!), n!, per!, md(what!)])
  return `\n\n${mdTable(TIMING_WINDOW_HEADER, rows)}`
}

function dot(n: number): string {
  return n === 0 ? '·' : String(n)
}

/**
 * Folded. Compact: without the scenario and
 * the replay's history.
 */
function counterexampleBlock(executor: string, c: ReportCounterexample, open: boolean): Block {
  const first = c.violations.find((v) => v.judge === c.judge) ?? c.violations[0]
  const summary = `${executor} — ${c.judge}${first ? `: ${first.message.length > 160 ? `${first.message.slice(0, 157)}…` : first.message}` : ''}`
  const lines = [
    `minimal counterexample: ${md(describeScenario(c.scenario))} — shrunk from run ${c.run} in ${c.shrinks} step(s) (fast-check seed ${c.fastCheck.seed}, path ${code(c.fastCheck.path)})${c.reproduced ? '' : ' — **did not reproduce**: this is the original scenario'}`,
    '',
    ...c.violations.map((v) => `- ❌ ${code(v.judge)} ${md(v.message)}`),
    ...adviceFor(c.violations, c.scenario.vendors).map((a) => `- → ${md(a)}`),
    '',
    c.replay
      ? `replay it (${c.file ? `saved to ${code(c.file)}` : 'saved'}):\n\n${fenced(c.replay, 'sh')}`
      : `not saved (no corpus): the campaign's seed and the path above regenerate it`,
  ].join('\n')
  const scenario = details('scenario (JSON)', fenced(JSON.stringify(c.scenario, null, 2), 'json'))
  const history = c.history
    ? `\n\n${details(`history of its replay (${c.history.length} events)`, fenced(historyText(c.history)))}`
    : ''
  const wrap = (body: string) =>
    open ? `### Minimal counterexample — ${code(c.judge)}\n\n${body}` : details(summary, body)
  return { full: wrap(`${lines}\n\n${scenario}${history}`), compact: wrap(lines) }
}

function historyText(h: History): string {
  // A field's line break shows as \n.
  return h.map((e) => `${String(e.t).padStart(9)} ms  ${describeEvent(termDeep(e))}`).join('\n')
}

function compareBlocks(r: CompareReport): Block[] {
  const c = r.campaign
  const failing = r.rows.filter(
    (x) => x.summary.failingRuns > 0 || (x.passK.rate !== null && x.passK.passed < x.passK.scenarios),
  )
  // A shard leaves it to the merge.
  const idle = c.shard ? [] : r.rows.filter((x) => x.summary.nothingTested)
  const line = `${
    failing.length
      ? `${failing.length} of ${r.rows.length} executor(s) had a violation`
      : `no violation in ${c.runs} scenarios against ${r.rows.length} executor(s)`
  }${idle.length ? `; nothing tested by ${idle.map((x) => x.summary.executor).join(', ')}` : ''}`
  const shard = c.shard ? ` · shard ${c.shard.index}/${c.shard.total}` : ''
  const head = `${verdictHead(failing.length === 0 && idle.length === 0, 'faultline compare', line)}\n\nthe same ${c.runs} generated scenarios against each executor · seed ${c.seed} · profile ${md(c.profile)}${md(vendorsPart(c, ' · '))}${shard} · pass^${c.k} over the first ${Math.min(c.passKScenarios, c.runs)} scenarios · faultline ${md(c.faultline)}`
  const left = leftOutLine(r, c.vendors)
  const sorted = [...r.rows].sort(byLeaderboard)
  const judges = [...new Set(r.rows.flatMap((x) => Object.keys(x.summary.violations)))].filter((j) =>
    r.rows.some((x) => (x.summary.violations[j] ?? 0) > 0),
  )
  const header = [
    'executor',
    'failing',
    ...judges.map(code),
    'unresolved',
    'recovery p50/p95 ms',
    'probes/call',
    'extra sends/call',
    `pass^${c.k}`,
    'replays',
    'faulted',
  ]
  const rows = sorted.map((row) => {
    const [failing, ...rest] = leaderboardCells(row, judges)
    return [md(row.summary.executor), md(failing!), ...rest]
  })
  const note = `pass^${c.k}: scenarios right on all ${c.k} replays (each with another seed) over the scenarios replayed; replays: replays run (a scenario stops at its first failing replay); faulted: scenarios decided by an executor fault (threw, hung, exited, …), counted as not passed; n/a: no scenario was replayed. (docs/campaigns.md)`
  const why = sorted
    .filter((x) => x.summary.nothingTested)
    .map((x) => `\n\n**nothing tested** by ${md(x.summary.executor)}: ${md(x.summary.nothingTested!)}`)
    .join('')
  const board = `### Leaderboard\n\n${mdTable(header, rows)}\n\n${md(note)}${why}${left ? `\n\n${md(left)}` : ''}`
  const covRows = sorted.map(({ summary: s }) => {
    const t = (pick: (x: ReportSummary['coverage'][number]) => number) =>
      String(s.coverage.reduce((n, x) => n + pick(x), 0))
    return [
      md(s.executor),
      t((x) => x.struck),
      String(s.coverage.length),
      t((x) => x.effectWhileError),
      t((x) => x.unknownReconciled),
      t((x) => x.crashInFlight),
    ]
  })
  const blocks: Block[] = [
    { full: head },
    { full: board },
    {
      full: `### Coverage\n\n${mdTable(['executor', 'strikes', 'cells', 'effect+error', 'unknown→known', 'crash in flight'], covRows)}`,
    },
  ]
  const recovery = recoveryBlock(sorted.map((x) => x.summary))
  if (recovery) blocks.push(recovery)
  const all = sorted.flatMap((x) => x.counterexamples.map((ce) => ({ executor: x.summary.executor, ce })))
  blocks.push({
    full: `### Minimal counterexamples (${all.length}: one per executor and violation class)${all.length ? '' : '\n\nnone: no violation found'}`,
  })
  for (const { executor, ce } of all) blocks.push(counterexampleBlock(executor, ce, false))
  return blocks
}

/**
 * Latency per first-fault class, a row per
 * executor, folded; a line if short of room.
 */
function recoveryBlock(summaries: readonly ReportSummary[]): Block | null {
  const classes = recoveryClasses(summaries.map((s) => s.recoveryByFault))
  if (classes.length === 0) return null
  const rows = summaries.map((s) => {
    const by = new Map(s.recoveryByFault.map((c) => [classKey(c), c.latency]))
    return [
      md(s.executor),
      ...classes.map((c) => {
        const l = by.get(classKey(c))
        return l ? `${ms(l.p50)}/${ms(l.p95)} (${l.count})` : '·'
      }),
    ]
  })
  const head = '### Recovery latency per fault class'
  const summary = `p50/p95 virtual ms (faulted calls) from a call's first fault to its first known outcome, per class of that fault: ${classes.length} class(es) × ${summaries.length} executor(s)`
  return {
    full: `${head}\n\n${details(summary, mdTable(['executor', ...classes.map((c) => `${code(c.kind)} @ ${md(c.boundary)}`)], rows))}`,
    compact: `${head}\n\nleft out for room (${classes.length} class(es)): the report's \`summary.recoveryByFault\` has it`,
  }
}

function runBlocks(r: RunReport): Block[] {
  const v = r.verdict
  const line = runLine(r)
  const head = `${verdictHead(r.passed, `faultline run — ${r.scenario.name} against ${r.executor.name}`, line)}\n\nscenario ${code(r.scenario.file)} · executor ${code(r.executor.spec)}`
  const violations = v.violations.length
    ? `### Violations\n\n${v.violations.map((x) => `- ❌ ${code(x.judge)} ${md(x.message)}`).join('\n')}`
    : ''
  const measures = `unresolved ${v.unresolved.unresolved} of ${v.unresolved.calls} · recovery ${v.recovery.map((r) => `${r.ms} ms (${r.kind} @ ${r.boundary})`).join(', ') || '—'} · ${v.requests} requests · ${v.faults} faults · ${v.simulatedMs} ms of virtual time`
  const history = details(`history (${r.history.length} events)`, fenced(historyText(r.history)))
  return [
    { full: head },
    ...(violations ? [{ full: violations }] : []),
    { full: measures },
    { full: `### History\n\n${history}`, compact: '### History\n\n(left out: too long for a summary)' },
  ]
}
