// The leaderboard's order and failing cell,
// shared by the text, Markdown and HTML forms.
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import { ms, pct } from './format.ts'

type Row = CompareReport['rows'][number]

/**
 * Executors that tested something first (no
 * failure on nothing is no result), then fewest
 * failing runs, best pass^k (n/a last), name.
 */
export function byLeaderboard(a: Row, b: Row): number {
  return (
    Number(a.summary.nothingTested !== null) - Number(b.summary.nothingTested !== null) ||
    a.summary.failingRuns - b.summary.failingRuns ||
    (b.passK.rate ?? -1) - (a.passK.rate ?? -1) ||
    a.summary.executor.localeCompare(b.summary.executor)
  )
}

/** "3/200", or "0/200 · nothing tested". */
export function failingCell(s: Row['summary']): string {
  return `${s.failingRuns}/${s.runs}${s.nothingTested ? ' · nothing tested' : ''}`
}

/** "96.0% (24/25)", or "n/a" when no scenario was replayed. */
export function passKText(p: Row['passK']): string {
  return p.rate === null ? 'n/a' : `${pct(p.rate)} (${p.passed}/${p.scenarios})`
}

/** A row's cells after the executor's name, as text and Markdown show them. */
export function leaderboardCells({ summary: s, passK }: Row, judges: readonly string[]): string[] {
  return [
    failingCell(s),
    ...judges.map((j) => String(s.violations[j] || '·')),
    pct(s.unresolved.rate),
    `${ms(s.recoveryMs.p50)}/${ms(s.recoveryMs.p95)}`,
    s.verification.probesPerCall.toFixed(2),
    s.verification.extraAttemptsPerCall.toFixed(2),
    passKText(passK),
    String(passK.replays),
    String(passK.faulted || '·'),
  ]
}
