// A gate's checks beside its verdict: each saved
// counterexample replayed (or not, of another
// profile), each coverage requirement.
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import type { HtmlCheck } from './input.ts'

export function gateChecks(report: GateReport): HtmlCheck[] {
  return [
    ...report.corpus.map(
      (e): HtmlCheck => ({
        ok: e.status === 'fixed',
        label: `saved counterexample ${e.status === 'fixed' ? 'fixed' : 'still failing'}`,
        detail: `${e.file} (${e.judge}${e.violations.length ? `: ${e.violations.map((v) => v.message).join('; ')}` : ''})`,
        command: e.replay,
      }),
    ),
    ...(report.corpusElsewhere ?? []).map(
      (e): HtmlCheck => ({
        ok: null,
        label: 'saved counterexample not replayed',
        detail:
          e.vendors === undefined
            ? `${e.file} (saved under profile ${e.profile}, which this gate's lacks)`
            : `${e.file} (saved under vendors ${e.vendors}, which this gate does not play)`,
        command: null,
      }),
    ),
    ...report.minCoverage.map(
      (r): HtmlCheck => ({
        ok: r.met,
        label: 'coverage',
        detail:
          r.met === null
            ? `${r.term} ≥ ${r.need}: checked when the shards are merged`
            : `${r.term} ≥ ${r.need}: ${r.got}`,
        command: null,
      }),
    ),
  ]
}
