// Renderers for people: plain text. They only format what they are given.
import type { History } from '../harness/history/history.ts'
import type { Counterexample, SearchResult } from '../harness/campaign/search.ts'
import type { LeaderboardRow } from '../harness/campaign/compare.ts'
import type { Verdict } from '../harness/judge/verdict.ts'
import { describeEvent, REQUEST_LEVEL } from './describe-event.ts'
import { ms, pct, table } from './format.ts'
import { profileName, type ProfileFeature } from '../harness/scenario/profile.ts'

export function renderGate(result: SearchResult, opts: { runsAsked: number; seed: number; savedTo: string | null; replay: string | null }): string {
  const s = result.summary
  const out: string[] = []
  const stopped = result.counterexample && s.runs < opts.runsAsked ? ' (stopped at the first failure)' : ''
  out.push(`faultline gate — executor ${s.executor}, seed ${opts.seed}, ${s.runs} of ${opts.runsAsked} runs${stopped}, profile ${s.profile}`)
  out.push(`  violations   ${Object.keys(s.violations).map((j) => `${j} ${s.violations[j]}`).join(' · ')}`)
  out.push(`  unresolved   ${pct(s.unresolved.rate)} (${s.unresolved.unresolved} of ${s.unresolved.calls} tool calls)`)
  out.push(`  recovery     p50 ${ms(s.recoveryMs.p50)} ms · p95 ${ms(s.recoveryMs.p95)} ms · max ${ms(s.recoveryMs.max)} ms (${s.recoveryMs.count} faulted calls)`)
  out.push(`  verification ${s.verification.probesPerCall.toFixed(2)} probes and ${s.verification.extraAttemptsPerCall.toFixed(2)} extra sends per tool call · ${s.humanReview} left to human review`)
  out.push(`  not started  ${s.notStarted} ask(s) refused before sending anything (e.g. too little budget left)`)
  out.push(`  late effects ${s.lateEffects} effect(s) landed after their turn's deadline where the executor could not stop them${s.abortsUnsupported ? ` · ${s.abortsUnsupported} abort(s) the executor cannot do (no abort())` : ''}`)
  out.push(`  simulated    ${(s.simulatedMs / 1000).toFixed(0)} s in ${(s.realMs / 1000).toFixed(2)} s real · ${s.requests} requests · ${s.faults} faults`)
  if (!result.counterexample) {
    out.push(`PASS — no violation in ${s.runs} generated runs`)
  } else {
    out.push(`FAIL — ${s.failingRuns} failing run(s), first at run ${s.firstFailureRun}`)
    out.push(renderCounterexample(result.counterexample))
    if (opts.savedTo) out.push(`  saved to     ${opts.savedTo}`)
    if (opts.replay) out.push(`  replay with  ${opts.replay}`)
  }
  return out.join('\n')
}

export function renderCounterexample(c: Counterexample): string {
  const lines = [
    `  minimal counterexample (${c.judge}; ${c.scenario.faults.length} fault(s), ${c.scenario.plan.length} step(s); ${c.shrinks} shrinks; fast-check seed ${c.seed} path ${c.path}):`,
    ...c.violations.map((v) => `    ✗ ${v.judge}: ${v.message}`),
    ...JSON.stringify(c.scenario, null, 2)
      .split('\n')
      .map((l) => `    ${l}`),
  ]
  return lines.join('\n')
}

export function renderCompare(rows: readonly LeaderboardRow[], opts: { runs: number; seed: number; profile?: string }): string {
  // Only the judges some executor tripped get a column; the rest are all zeros.
  const judges = [...new Set(rows.flatMap((r) => Object.keys(r.summary.violations)))].filter((j) => rows.some((r) => (r.summary.violations[j] ?? 0) > 0))
  const header = ['executor', 'failing', ...judges.map(short), 'unresolved', 'recovery p50/p95 ms', 'probes/call', 'extra sends/call', `pass^${rows[0]?.passK.k ?? 3}`]
  const sorted = [...rows].sort((a, b) => a.summary.failingRuns - b.summary.failingRuns || b.passK.rate - a.passK.rate || a.summary.executor.localeCompare(b.summary.executor))
  const body = sorted.map(({ summary: s, passK }) => [
    s.executor,
    `${s.failingRuns}/${s.runs}`,
    ...judges.map((j) => String(s.violations[j] || '·')),
    pct(s.unresolved.rate),
    `${ms(s.recoveryMs.p50)}/${ms(s.recoveryMs.p95)}`,
    s.verification.probesPerCall.toFixed(2),
    s.verification.extraAttemptsPerCall.toFixed(2),
    pct(passK.rate),
  ])
  const out = [`faultline compare — the same ${opts.runs} generated scenarios (seed ${opts.seed}, profile ${opts.profile ?? 'vendor'}) against each executor`, '', table(header, body), '']
  const legend = judges.map((j) => `${short(j)} = ${j}`).join(' · ')
  if (legend) out.push(legend, '')
  out.push('minimal counterexample per violation class:')
  for (const row of sorted) {
    for (const c of row.counterexamples) {
      out.push(`  ${row.summary.executor.padEnd(28)} ${c.judge.padEnd(25)} ${describeScenario(c.scenario)}`)
    }
  }
  if (sorted.every((r) => r.counterexamples.length === 0)) out.push('  (none: no violation found)')
  return out.join('\n')
}

function short(judge: string): string {
  return judge
    .split('-')
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}

/** One line: the plan's tools, the faults, and the model's quirks. */
export function describeScenario(s: import('../harness/scenario/scenario.ts').Scenario): string {
  const faults = s.faults.map((f) => f.kind).join(', ') || 'no fault'
  const quirks = [s.model.askAgainAfterSuccess ? 'asks again after success' : '', s.model.ignoresRetrySafe ? 'ignores retry_safe' : '', s.abortOnFailure ? 'aborts on failure' : '']
    .filter(Boolean)
    .join(', ')
  return `${s.plan.map((p) => p.tool).join(' → ')}; ${faults}${quirks ? `; model ${quirks}` : ''}`
}

export function renderRun(executor: string, scenario: string, verdict: Verdict, history: History): string {
  const started = history.find((e) => e.type === 'run-started')
  const profile = started?.type === 'run-started' ? profileName(started.profile as ProfileFeature[]) : 'vendor'
  const out = [`faultline run — ${scenario} against ${executor}, profile ${profile}`, '', 'history:']
  for (const e of history) out.push(`  ${String(e.t).padStart(7)} ms  ${describeIndented(e)}`)
  out.push('')
  if (verdict.violations.length === 0) out.push('PASS — no violation')
  else out.push(`FAIL — ${verdict.violations.length} violation(s)`, ...verdict.violations.map((v) => `  ✗ ${v.judge}: ${v.message}`))
  out.push(`unresolved ${verdict.unresolved.unresolved} of ${verdict.unresolved.calls} · recovery ${verdict.recoveryMs.map((m) => `${m} ms`).join(', ') || '—'}`)
  return out.join('\n')
}

function describeIndented(e: History[number]): string {
  return `${REQUEST_LEVEL.has(e.type) ? '  ' : ''}${describeEvent(e)}`
}
