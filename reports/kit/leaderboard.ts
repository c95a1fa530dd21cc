// The leaderboard's order and failing cell,
// shared by the text, Markdown and HTML forms.
import type { CompareReport } from '../../harness/campaign/report-schema.ts'

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
