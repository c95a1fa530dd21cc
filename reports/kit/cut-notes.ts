// What every format says of a campaign cut
// short and of a counterexample that did not
// reproduce: one wording, many renderers.
import type { ReportCounterexample, ReportCut } from '../../harness/campaign/report-schema.ts'

/** Why a replay alone passes: the paragraph. */
export const NOT_REPRODUCED =
  "replaying this scenario alone did not reproduce the failure, so it is the original run's scenario, unshrunk, and its replay passes: the executor's behaviour depends on state from earlier runs (module-level variables, files, a cache). Keep run state in ctx.storage or inside boot()"

/** A cut's label, before its line. */
export function cutLabel(cut: ReportCut): string {
  return cut.by === 'max-time' ? 'CUT' : cut.by === 'load-failed' ? 'LOAD FAILED' : 'INTERRUPTED'
}

/** How a cut stopped it, for a header's parentheses. */
export function cutStop(cut: ReportCut): string {
  if (cut.by === 'max-time') return 'cut by --max-time'
  if (cut.by === 'load-failed') return 'cut: the executor stopped loading'
  return `interrupted${cut.signal ? ` by ${cut.signal}` : ''}`
}

/** What the campaign's cut says, or null. */
export function cutLine(cut: ReportCut | undefined, runs: number, asked: number): string | null {
  if (!cut) return null
  const made = `${runs} of ${asked} runs`
  if (cut.by === 'load-failed')
    return `the executor module did not load again in a new worker, twice in a row, after ${made}: ${(cut.error ?? 'no error given').replace(/\.$/, '')}. ${runs ? 'What those runs found stands; the rest went untested' : 'No generated run was made'}: not a pass`
  if (cut.by === 'max-time')
    return `the time budget${cut.maxTimeMs === null ? '' : ` (--max-time ${cut.maxTimeMs} ms)`} ended the campaign after ${made}: ${runs ? 'the verdict is on those runs' : 'nothing tested, not a pass'}`
  return `${cut.signal ?? 'the caller'} interrupted the campaign after ${made}: the verdict so far, not a pass`
}

/** A counterexample's shrink, when cut or not reproduced. */
export function counterexampleNote(c: ReportCounterexample): string | null {
  if (c.cut)
    return c.reproduced
      ? `partly shrunk: the campaign was cut while shrinking (${c.shrinks} step(s) made)`
      : "not shrunk: the campaign was cut before this run was replayed; the scenario is the original run's"
  return c.reproduced ? null : `did not reproduce: ${NOT_REPRODUCED}`
}
