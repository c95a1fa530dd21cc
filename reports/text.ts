// Plain-text renderers: they only format a
// report (the JSON --json prints). Every
// string of it is printed escaped (termDeep,
// consoleText): an executor's name, message
// or host cannot move the cursor, start a
// line, or be read by CI as a command.
import type { CompareReport, GateReport, ReportCounterexample, RunReport } from '../harness/campaign/report-schema.ts'
import type { History } from '../harness/history/history.ts'
import { describeEvent, REQUEST_LEVEL } from './kit/describe-event.ts'
import { renderCoverage, renderMinCoverage, renderTimingWindows } from './coverage-text.ts'
import { counterexampleNote, cutLabel, cutLine, cutStop } from './kit/cut-notes.ts'
import { ms, table } from './kit/format.ts'
import { byLeaderboard, leaderboardCells } from './kit/leaderboard.ts'
import { profileName, type ProfileFeature } from '../harness/scenario/profile.ts'
import { consoleText } from './escape/console-text.ts'
import { termDeep } from './escape/terminal.ts'
import { leftOutLine, vendorsPart } from './kit/vendors-part.ts'
import { adviceFor } from './kit/judge-advice.ts'
import { unresolvedWords } from './kit/unresolved-words.ts'
import { coverageShortfall } from './kit/coverage-shortfall.ts'
import { describeScenario } from './kit/describe-scenario.ts'
import { elsewhereWords, savedUnder } from './kit/elsewhere-words.ts'
import { runLine } from './kit/run-line.ts'

export function renderGate(raw: GateReport): string {
  const report = termDeep(raw)
  const { summary: s, campaign, counterexample } = report
  const out: string[] = []
  const stopped = report.cut
    ? ` (${cutStop(report.cut)})`
    : counterexample && s.runs < campaign.runs
      ? ' (stopped at the first failure)'
      : ''
  const shard = campaign.shard ? `, shard ${campaign.shard.index}/${campaign.shard.total}` : ''
  out.push(
    `faultline gate — executor ${s.executor}, seed ${campaign.seed}, ${s.runs} of ${campaign.runs} runs${stopped}, profile ${s.profile}${vendorsPart(campaign)}${shard}`,
  )
  const d = report.executor.declared
  if (d)
    out.push(
      `  declared     tools ${d.tools.join(', ')} · identity ${d.identity}${d.identity === 'per-run' ? ' (no plan had two steps alike)' : ''}`,
    )
  if (report.corpus.length) {
    const failing = report.corpus.filter((c) => c.status === 'still-failing').length
    out.push(
      `  corpus       ${report.corpus.length} saved counterexample(s) replayed first: ${failing} still failing, ${report.corpus.length - failing} fixed`,
    )
    for (const c of report.corpus)
      out.push(
        `    ${c.status === 'fixed' ? '✓ fixed        ' : '✗ still failing'} ${c.file}${c.status === 'fixed' ? '' : ` (${[...new Set(c.violations.map((v) => v.judge))].join(', ')})`}`,
      )
  }
  const elsewhere = report.corpusElsewhere ?? []
  if (elsewhere.length) {
    out.push(`  not replayed ${elsewhereWords(elsewhere)}`)
    for (const e of elsewhere) out.push(`    · ${e.file} (${savedUnder(e)})`)
  }
  out.push(
    `  violations   ${Object.keys(s.violations)
      .map((j) => `${j} ${s.violations[j] ?? 0}`)
      .join(' · ')}`,
  )
  out.push(`  unresolved   ${unresolvedWords(s.unresolved)}`)
  out.push(
    `  recovery     p50 ${ms(s.recoveryMs.p50)} ms · p95 ${ms(s.recoveryMs.p95)} ms · max ${ms(s.recoveryMs.max)} ms (${s.recoveryMs.count} faulted calls)`,
  )
  for (const c of s.recoveryByFault)
    out.push(
      `    ${`${c.kind} @ ${c.boundary}`.padEnd(36)} p50 ${ms(c.latency.p50)} ms · p95 ${ms(c.latency.p95)} ms · max ${ms(c.latency.max)} ms (${c.latency.count})`,
    )
  out.push(
    `  verification ${s.verification.probesPerCall.toFixed(2)} probes and ${s.verification.extraAttemptsPerCall.toFixed(2)} extra sends per tool call · ${s.humanReview} left to human review`,
  )
  out.push(`  not started  ${s.notStarted} ask(s) refused before sending anything (e.g. too little budget left)`)
  out.push(
    `  late effects ${s.lateEffects} effect(s) landed after their turn's deadline where the executor could not stop them${s.lateUnseen ? ` (${s.lateUnseen} sent by a process that said its tools get no deadline: seesDeadline false)` : ''}${s.abortsUnsupported ? ` · ${s.abortsUnsupported} abort(s) the executor cannot do (no abort())` : ''}`,
  )
  out.push(
    `  simulated    ${(s.simulatedMs / 1000).toFixed(0)} s of virtual time · ${s.requests} requests · ${s.faults} faults`,
  )
  if (s.blocked.attempts)
    out.push(`  refused      ${s.blocked.attempts} attempt(s) to reach ${s.blocked.hosts.join(', ')}`)
  // A shard's share may be too small to say.
  if (s.nothingTested && campaign.shard)
    out.push(`  nothing tested in this shard: ${s.nothingTested} (faultline merge decides for the whole campaign)`)
  out.push(renderCoverage(s.coverage))
  if (s.timingWindows) out.push(renderTimingWindows(s.timingWindows, s.runs))
  if (report.minCoverage.length) out.push(renderMinCoverage(report.minCoverage))
  const stillFailing = report.corpus.filter((c) => c.status === 'still-failing')
  const unmet = report.minCoverage.filter((r) => r.met === false)
  const cut = cutLine(report.cut, s.runs, campaign.runs)
  if (cut && report.cut) out.push(`${cutLabel(report.cut)} — ${cut}`)
  if (report.passed) {
    out.push(
      `PASS — no violation in ${s.runs} generated runs${report.corpus.length ? ` and ${report.corpus.length} corpus replay(s)` : ''}${report.minCoverage.length && campaign.shard === null ? ', coverage as declared' : ''}`,
    )
  }
  if (s.nothingTested && !campaign.shard) out.push(`NOTHING TESTED — ${s.nothingTested}`)
  if (counterexample) {
    out.push(`FAIL — ${s.failingRuns} failing run(s), first at run ${s.firstFailureRun}`)
    out.push(renderCounterexample(raw.counterexample!))
    if (counterexample.file) out.push(`  saved to     ${counterexample.file}`)
    if (counterexample.replay)
      out.push(
        `  replay with  ${counterexample.replay}${counterexample.reproduced || counterexample.cut ? '' : ' (alone it passes: see above)'}`,
      )
    if (campaign.shard && campaign.corpus !== null)
      out.push("  not saved    a shard saves nothing; faultline merge saves the campaign's first failure in the corpus")
  }
  if (stillFailing.length) {
    out.push(`FAIL — ${stillFailing.length} corpus entr${stillFailing.length === 1 ? 'y' : 'ies'} still failing`)
    for (const c of stillFailing) out.push(`  replay with  ${c.replay}`)
  }
  if (unmet.length) {
    out.push(
      `FAIL — the campaign fell short of what --min-coverage declares: ${coverageShortfall(unmet, { runs: s.runs, probesPerCall: s.verification.probesPerCall })}`,
    )
  }
  return consoleText(out.join('\n'))
}

export function renderCounterexample(raw: ReportCounterexample): string {
  const c = termDeep(raw)
  const lines = [
    `  minimal counterexample (${c.judge}; ${c.scenario.faults.length} fault(s), ${c.scenario.plan.length} step(s); ${c.shrinks} shrinks; fast-check seed ${c.fastCheck.seed} path ${c.fastCheck.path}):`,
    // The model's quirks too: a probe's team missed
    // askAgainAfterSuccess in the JSON below.
    `    in short     ${describeScenario(c.scenario)}`,
    ...c.violations.map((v) => `    ✗ ${v.judge}: ${v.message}`),
    ...adviceFor(c.violations, c.scenario.vendors).map((a) => `    → ${a}`),
    // Before the scenario: why it is not minimal.
    ...[counterexampleNote(c)].filter((n) => n !== null).map((n) => `    ${n}`),
    // JSON escapes its own controls.
    ...JSON.stringify(raw.scenario, null, 2)
      .split('\n')
      .map((l) => `    ${l}`),
  ]
  return consoleText(lines.join('\n'))
}

export function renderCompare(raw: CompareReport): string {
  const report = termDeep(raw)
  const { rows, campaign, cut } = report
  // Columns only for judges someone tripped.
  const judges = [...new Set(rows.flatMap((r) => Object.keys(r.summary.violations)))].filter((j) =>
    rows.some((r) => (r.summary.violations[j] ?? 0) > 0),
  )
  const header = [
    'executor',
    'failing',
    ...judges.map(short),
    'unresolved',
    'recovery p50/p95 ms',
    'probes/call',
    'extra sends/call',
    `pass^${campaign.k}`,
    'replays',
    'faulted',
  ]
  const sorted = [...rows].sort(byLeaderboard)
  const body = sorted.map((row) => [row.summary.executor, ...leaderboardCells(row, judges)])
  const shard = campaign.shard ? `, shard ${campaign.shard.index}/${campaign.shard.total}` : ''
  const out = [
    `faultline compare — the same ${campaign.runs} generated scenarios (seed ${campaign.seed}, profile ${campaign.profile}${vendorsPart(campaign)}${shard}) against each executor`,
    '',
    table(header, body),
    ...leftOut(report, campaign.vendors),
    '',
  ]
  const legend = judges.map((j) => `${short(j)} = ${j}`).join(' · ')
  if (legend) out.push(legend, '')
  if (cut) out.push(`${cutLabel(cut)} — ${compareCut(cut, report)}`, '')
  const idle = sorted.filter((r) => r.summary.nothingTested)
  for (const r of idle) out.push(`nothing tested: ${r.summary.executor} — ${r.summary.nothingTested}`)
  if (idle.length) out.push('')
  out.push(passKNote(campaign.k), '')
  out.push('minimal counterexample per violation class:')
  for (const row of sorted) {
    for (const c of row.counterexamples) {
      out.push(
        `  ${row.summary.executor.padEnd(28)} ${c.judge.padEnd(25)} ${describeScenario(c.scenario)}${c.file ? `  → ${c.file}` : ''}`,
      )
      const note = counterexampleNote(c)
      if (note) out.push(`    ${note}`)
    }
  }
  const found = sorted.flatMap((r) => r.counterexamples)
  // Once a kind, not once a row: npm start has 30.
  if (found.length > 0) {
    out.push('', 'what each kind asks of a tool:')
    // A kind's advice per vendor it met (SES's),
    // its lines together.
    const said = new Set<string>()
    for (const judge of new Set(found.map((c) => c.judge)))
      for (const c of found.filter((x) => x.judge === judge))
        for (const advice of adviceFor(
          c.violations.filter((v) => v.judge === judge),
          c.scenario.vendors,
        )) {
          if (said.has(advice)) continue
          said.add(advice)
          out.push(`  ${judge.padEnd(25)} → ${advice}`)
        }
  }
  if (sorted.every((r) => r.counterexamples.length === 0)) out.push('  (none: no violation found)')
  else if (campaign.corpus !== null)
    out.push('', `replay one: ${sorted.flatMap((r) => r.counterexamples).find((c) => c.replay)?.replay ?? ''}`)
  return consoleText(out.join('\n'))
}

/** Which executors a cut comparison reached. */
function compareCut(cut: NonNullable<CompareReport['cut']>, r: CompareReport): string {
  const why =
    cut.by === 'max-time'
      ? `the time budget${cut.maxTimeMs === null ? '' : ` (--max-time ${cut.maxTimeMs} ms)`} ended`
      : cut.by === 'load-failed'
        ? `an executor module that could not be loaded again (${cut.error ?? 'no error given'}) ended`
        : `${cut.signal ?? 'the caller'} interrupted`
  const last = r.rows.at(-1)
  const reached = last
    ? `; the last, ${last.summary.executor}, made ${last.summary.runs} of ${r.campaign.runs} runs`
    : ''
  return `${why} the comparison after ${r.rows.length} executor(s)${reached}${cut.by === 'max-time' ? '' : ': the results so far'}`
}

/** What the pass^k columns mean, in a line. */
export function passKNote(k: number): string {
  return `pass^${k} = scenarios right on all ${k} replays (each with another seed) / scenarios replayed; replays = replays run (a scenario stops at its first failing one); faulted = scenarios a replay of which ended in an executor fault (threw, hung, exited, …), counted as not passed`
}

function short(judge: string): string {
  return judge
    .split('-')
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}

export function renderRun(raw: RunReport): string {
  const report = termDeep(raw)
  const { verdict, history } = report
  const executor = report.executor.name
  const scenario = report.scenario.name
  const started = history.find((e) => e.type === 'run-started')
  const profile = started?.type === 'run-started' ? profileName(started.profile as ProfileFeature[]) : 'vendor'
  const out = [`faultline run — ${scenario} against ${executor}, profile ${profile}`, '', 'history:']
  for (const e of history) out.push(`  ${String(e.t).padStart(7)} ms  ${describeIndented(e)}`)
  out.push('')
  out.push(runLine(report), ...verdict.violations.map((v) => `  ✗ ${v.judge}: ${v.message}`))
  out.push(
    `unresolved ${verdict.unresolved.unresolved} of ${verdict.unresolved.calls} · recovery ${verdict.recovery.map((r) => `${ms(r.ms)} ms (${r.kind} @ ${r.boundary})`).join(', ') || '—'}`,
  )
  return consoleText(out.join('\n'))
}

function describeIndented(e: History[number]): string {
  return `${REQUEST_LEVEL.has(e.type) ? '  ' : ''}${describeEvent(e)}`
}

/** The left-out line and a blank, or nothing. */
function leftOut(report: CompareReport, vendors: string | undefined): string[] {
  const line = leftOutLine(report, vendors)
  return line ? ['', line] : []
}
