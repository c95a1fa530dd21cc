// GitHub Actions annotations: an `::error`
// line per judge, at most ten (GitHub shows
// ten a step). Escaped as actions/toolkit
// does (core/src/command.ts escapeData,
// escapeProperty), after term(): no ESC or
// BEL reaches the log, no break the UI.
import type { Report, ReportCounterexample } from '../harness/campaign/report-schema.ts'
import type { AuditResult } from '../harness/audit/result.ts'
import { WORDS } from './kit/audit-words.ts'
import { counterexampleNote, cutLine } from './kit/cut-notes.ts'
import { coverageShortfall } from './kit/coverage-shortfall.ts'
import { failedHeading, faultyGroups } from './kit/faulty-cells.ts'
import { term } from './escape/terminal.ts'
import { escapeData, escapeProperty } from './escape/workflow-command.ts'

export { escapeData, escapeProperty }

export const MAX_ANNOTATIONS = 10

export interface Annotation {
  readonly title: string
  readonly message: string
}

export function workflowCommands(annotations: readonly Annotation[]): string[] {
  return annotations
    .slice(0, MAX_ANNOTATIONS)
    .map((a) => `::error title=${escapeProperty(term(a.title))}::${escapeData(term(a.message))}`)
}

interface Seen {
  count: number
  executors: Map<string, number>
  example: string | null
  replay: string | null
}

/**
 * Nothing tested first; then one per judge
 * that found something, most first; then a
 * gate's corpus and coverage.
 */
export function annotationsOf(report: Report): Annotation[] {
  const byJudge = new Map<string, Seen>()
  const note = (
    judge: string,
    executor: string,
    n: number,
    examples: readonly ReportCounterexample[],
    message?: string,
  ) => {
    const seen = byJudge.get(judge) ?? { count: 0, executors: new Map(), example: null, replay: null }
    seen.count += n
    seen.executors.set(executor, (seen.executors.get(executor) ?? 0) + n)
    const ce =
      examples.find((c) => c.judge === judge) ?? examples.find((c) => c.violations.some((v) => v.judge === judge))
    seen.example ??= ce?.violations.find((v) => v.judge === judge)?.message ?? message ?? null
    seen.replay ??= ce?.replay ?? null
    byJudge.set(judge, seen)
  }
  const extra: Annotation[] = []
  // First: the gravest, and a shard leaves it to the merge.
  const idle: Annotation[] =
    report.command === 'run'
      ? report.nothingTested
        ? [{ title: 'nothing-tested', message: `${report.executor.name}: ${report.nothingTested}` }]
        : []
      : report.campaign.shard
        ? []
        : (report.command === 'gate' ? [report.summary] : report.rows.map((r) => r.summary))
            .filter((s) => s.nothingTested)
            .map((s) => ({ title: 'nothing-tested', message: `${s.executor}: ${s.nothingTested}` }))
  if (report.command === 'run') {
    for (const v of report.verdict.violations) note(v.judge, report.executor.name, 1, [], v.message)
  } else if (report.command === 'gate') {
    for (const [j, n] of Object.entries(report.summary.violations))
      if (n > 0) note(j, report.summary.executor, n, report.counterexample ? [report.counterexample] : [])
    const failing = report.corpus.filter((c) => c.status === 'still-failing')
    if (failing.length)
      extra.push({
        title: 'corpus',
        message: `${failing.length} saved counterexample(s) of ${report.summary.executor} still fail; replay with: ${failing[0]!.replay}`,
      })
    const unmet = report.minCoverage.filter((q) => q.met === false)
    if (unmet.length)
      extra.push({
        title: 'min-coverage',
        message: `the campaign fell short of what --min-coverage declares: ${coverageShortfall(unmet, { runs: report.summary.runs, probesPerCall: report.summary.verification.probesPerCall })}`,
      })
  } else {
    for (const row of report.rows)
      for (const [j, n] of Object.entries(row.summary.violations))
        if (n > 0) note(j, row.summary.executor, n, row.counterexamples)
  }
  const judged = [...byJudge]
    .sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : 1))
    .map(([judge, s]): Annotation => {
      const who = [...s.executors].map(([e, n]) => `${e} (${n})`).join(', ')
      return {
        title: judge,
        message: `${s.count} ${judge} violation(s): ${who}${s.example ? ` — e.g. ${s.example}` : ''}${s.replay ? ` — replay with: ${s.replay}` : ''}`,
      }
    })
  return [...cutOf(report), ...idle, ...judged, ...shrinkNotes(report), ...extra].slice(0, MAX_ANNOTATIONS)
}

/**
 * Interrupted or load-failed, first: the rest
 * is so far. A time budget that ran out is no error.
 */
function cutOf(report: Report): Annotation[] {
  if (report.command === 'run' || !report.cut || report.cut.by === 'max-time') return []
  const s = report.command === 'gate' ? report.summary : report.rows.at(-1)?.summary
  const line = cutLine(report.cut, s?.runs ?? 0, report.campaign.runs)!
  return [{ title: report.cut.by, message: s ? `${s.executor}: ${line}` : line }]
}

/** The first counterexample not reproduced or cut. */
function shrinkNotes(report: Report): Annotation[] {
  if (report.command === 'run') return []
  const found =
    report.command === 'gate'
      ? report.counterexample
        ? [{ executor: report.summary.executor, c: report.counterexample }]
        : []
      : report.rows.flatMap((r) => r.counterexamples.map((c) => ({ executor: r.summary.executor, c })))
  const first = found.find(({ c }) => counterexampleNote(c) !== null)
  if (!first) return []
  const { executor, c } = first
  return [
    {
      title: c.cut ? 'not-shrunk' : 'not-reproduced',
      message: `${executor}, ${c.judge} at run ${c.run}: ${counterexampleNote(c)}`,
    },
  ]
}

/**
 * One for the cells the mapping failed on,
 * its ways grouped (a mapping that fails
 * everywhere is one line); then one per
 * consequence of the dangerous cells.
 */
export function auditAnnotations(r: AuditResult): Annotation[] {
  const out: Annotation[] = []
  const groups = faultyGroups(r)
  if (groups.length > 0) {
    const shown = groups.slice(0, FAILED_WAYS).map((g) => `${g.what} — ${g.where}`)
    if (groups.length > FAILED_WAYS) shown.push(`and ${groups.length - FAILED_WAYS} other way(s): see the report`)
    out.push({ title: 'mapping-failed', message: `${r.mapping}: ${failedHeading(r)}: ${shown.join('; ')}` })
  }
  const byConsequence = new Map<string, string[]>()
  for (const c of r.matrix.cells) {
    if (c.grade !== 'dangerous') continue
    const title = c.consequence ?? 'dangerous'
    byConsequence.set(title, [...(byConsequence.get(title) ?? []), `${c.case} × ${c.client} (${c.class})`])
  }
  for (const [title, cells] of byConsequence)
    out.push({
      title,
      message: `${r.mapping}: ${cells.length} dangerous cell(s) lead to ${WORDS[title] ?? title}: ${cells.join(', ')}`,
    })
  return out.slice(0, MAX_ANNOTATIONS)
}

/** Ways of failing named in the annotation. */
const FAILED_WAYS = 3
