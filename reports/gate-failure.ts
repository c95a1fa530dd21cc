// A failed gate as one assertion message
// for the vitest helper (faultline/vitest/),
// after fast-check's failure report, plus
// the key history lines and the replay.
import type { GateReport, ReportCounterexample } from '../harness/campaign/report-schema.ts'
import type { History, HistoryEvent } from '../harness/history/history.ts'
import { counterexampleNote, cutLabel, cutLine } from './kit/cut-notes.ts'
import { describeEvent, REQUEST_LEVEL } from './kit/describe-event.ts'
import { hostsOf } from '../harness/sim/vendor-hosts.ts'
import { consoleText } from './escape/console-text.ts'
import { coverageShortfall } from './kit/coverage-shortfall.ts'
import { vendorsPart } from './kit/vendors-part.ts'
import { termDeep } from './escape/terminal.ts'

/** The run's plumbing: not key lines. */
const PLUMBING: ReadonlySet<HistoryEvent['type']> = new Set([
  'run-started',
  'run-ended',
  'turn-started',
  'process-booted',
  'request-delivered',
  'response-sent',
])

/** Key lines at most; the replay prints all. */
const MAX_KEY_LINES = 40

/**
 * The message. `rerun` runs the campaign
 * again, spelled as the caller runs it.
 */
export function renderGateFailure(raw: GateReport, rerun: string): string {
  // Printed by vitest: escaped as text is.
  const report = termDeep(raw)
  const s = report.summary
  const out: string[] = []
  const c = report.counterexample
  // A shard leaves it to the merge.
  const idle = report.campaign.shard ? null : s.nothingTested
  if (idle) {
    out.push(
      `faultline: executor ${s.executor} tested nothing in ${s.runs} run(s) (seed ${report.campaign.seed}, profile ${report.campaign.profile}${vendorsPart(report.campaign)}): ${idle}`,
      `A tool call is tested when a request of it reaches a mock service: the URLs in ctx.services, or ${hostsOf((report.campaign.vendors ?? 'stripe+resend').split('+')).join(' and ')} (a vendor SDK at its default host), through global fetch, node:http/https (axios and the SDKs by default) or the undici package's global dispatcher. Other hosts, and clients with sockets of their own, are refused (blocked-network).`,
    )
    if (c) out.push('')
  }
  if (c) {
    const judges = Object.entries(s.violations)
      .filter(([, n]) => n > 0)
      .map(([j, n]) => `${j} ×${n}`)
      .join(', ')
    out.push(
      `faultline: executor ${s.executor} failed after ${s.runs} run(s) of ${report.campaign.runs} (seed ${report.campaign.seed}, profile ${report.campaign.profile}${vendorsPart(report.campaign)}): ${judges}`,
    )
    out.push(...counterexampleLines(c, report.executor.spec, raw.counterexample!.scenario))
  }
  const still = report.corpus.filter((e) => e.status === 'still-failing')
  if (still.length) {
    out.push(
      c || idle
        ? ''
        : `faultline: executor ${s.executor} still fails on ${still.length} saved counterexample(s) from its corpus`,
    )
    out.push(`Saved counterexamples still failing (replayed before the campaign):`)
    for (const e of still) {
      out.push(`  ${e.file}`)
      for (const v of e.violations) out.push(`    ✗ ${v.judge}: ${v.message}`)
      out.push(`    replay: ${e.replay}`)
    }
  }
  const unmet = report.minCoverage.filter((r) => r.met === false)
  if (unmet.length) {
    out.push(
      c || idle || still.length
        ? ''
        : `faultline: the campaign of ${s.executor} fell short of what minCoverage declares`,
    )
    out.push(
      `Coverage not reached: ${coverageShortfall(unmet, { runs: s.runs, probesPerCall: s.verification.probesPerCall })}`,
    )
  }
  // Interrupted or unloadable: why it stopped.
  const cut = report.cut?.by === 'max-time' ? null : cutLine(report.cut, s.runs, report.campaign.runs)
  if (cut && report.cut) {
    if (out.length) out.push('')
    out.push(`faultline: executor ${s.executor}: ${cutLabel(report.cut)} — ${cut}`)
  }
  out.push('', `Run the campaign again: ${rerun}`)
  return consoleText(out.join('\n'))
}

/** `scenario` unescaped: JSON escapes its own controls. */
function counterexampleLines(c: ReportCounterexample, executor: string, scenario: unknown): string[] {
  const out = [
    c.reproduced
      ? `Counterexample (${c.judge}): shrunk ${c.shrinks} time(s) from run ${c.run} (fast-check seed ${c.fastCheck.seed}, path "${c.fastCheck.path}")`
      : `Counterexample (${c.judge}): run ${c.run} ${c.cut ? 'was not replayed' : 'did not fail again on replay'}, so it is not shrunk (fast-check seed ${c.fastCheck.seed}, path "${c.fastCheck.path}")`,
    ...c.violations.map((v) => `  ✗ ${v.judge}: ${v.message}`),
  ]
  const note = counterexampleNote(c)
  if (note) out.push('', note.charAt(0).toUpperCase() + note.slice(1))
  if (c.history) {
    const key = keyEvents(
      c.history,
      c.violations.map((v) => v.call),
    )
    const width = Math.max(5, ...key.shown.map((e) => String(e.t).length))
    out.push(
      '',
      `Key history (virtual time; ${key.shown.length} of ${c.history.length} events — the replay prints them all):`,
    )
    for (const e of key.shown)
      out.push(`  ${String(e.t).padStart(width)} ms  ${REQUEST_LEVEL.has(e.type) ? '  ' : ''}${describeEvent(e)}`)
    if (key.more) out.push(`  … ${key.more} more`)
  }
  out.push('', `Scenario${c.file ? ` (saved as ${c.file})` : ''}:`, JSON.stringify(scenario, null, 2))
  out.push(
    '',
    c.replay
      ? `Replay it: ${c.replay}`
      : `Replay it: save the scenario above as a file, then faultline run <file> --executor ${executor}`,
  )
  return out
}

/**
 * The events of the calls the violations
 * name, without plumbing. Events of no call
 * (crashes, restarts, aborts) always stay.
 */
export function keyEvents(
  history: History,
  calls: readonly (string | null)[],
): { shown: HistoryEvent[]; more: number } {
  const named = new Set(calls.filter((c): c is string => c !== null).flatMap((c) => [c, c.replace(/#abort$/, '')]))
  const callOfAttempt = new Map<number, string | null>()
  for (const e of history) if (e.type === 'attempt-sent') callOfAttempt.set(e.attempt, e.call)
  const callOf = (e: HistoryEvent): string | null =>
    'call' in e && e.call !== undefined ? e.call : 'attempt' in e ? (callOfAttempt.get(e.attempt) ?? null) : null
  const kept = history.filter((e) => {
    if (PLUMBING.has(e.type)) return false
    if (named.size === 0) return true
    const call = callOf(e)
    return call === null || named.has(call)
  })
  return { shown: kept.slice(0, MAX_KEY_LINES), more: Math.max(0, kept.length - MAX_KEY_LINES) }
}
