// renderHtmlReport: a campaign's result as ONE self-contained HTML file.
//
// Why hand-written SVG, and no library: the centrepiece is a sequence timeline
// with lanes (model, executor, network, one per service), arrows between
// them, fault and crash markers, a broken time axis and violation callouts.
// That is not a chart type the small charting libraries offer (they do bars,
// lines, scatter); the diagram libraries that can draw sequence diagrams
// (Mermaid and friends) are megabytes of JavaScript, need a script to run
// before anything shows, and lay out on their own terms (no broken time
// scale, no ledger beside reports). The other charts are two bar charts and a
// log-scale strip plot: a few dozen lines each. Hand-written SVG keeps the file
// small (tens of kB), readable without JavaScript (there is none: tooltips are
// SVG <title>s, folding is <details>), free of network references, with no new
// dependency, and the markup stable enough for tests to query (data-* attributes).
//
// Renderers only format: everything shown is in the HtmlReport (input.ts);
// every string is escaped (escape.ts), executor-written messages included.
import { renderBarChart } from './bar-chart.ts'
import { COLORS } from './colors.ts'
import { renderCounterexample } from './counterexample.ts'
import { esc } from './escape.ts'
import type { HtmlReport } from './input.ts'
import { renderLatencyChart } from './latency-chart.ts'
import { renderChecks, renderCoverage, renderFigures } from './figures.ts'
import { renderLeaderboard } from './leaderboard.ts'
import { renderRecoveryTable } from './recovery-table.ts'
import { renderPage } from './page.ts'

export function renderHtmlReport(report: HtmlReport): string {
  const toc = report.counterexamples.length
    ? `<nav class="toc"><ol>${report.counterexamples.map((c, i) => `<li><a href="#counterexample-${i + 1}">${esc(c.executor)} — ${esc(c.judge)}</a></li>`).join('')}</ol></nav>`
    : '<p class="empty">No counterexample: nothing was violated.</p>'
  const main = `<section id="leaderboard"><h2>Leaderboard</h2>${renderLeaderboard(report.leaderboard)}</section>
${figures(report)}
<section id="charts"><h2>Violations</h2>
<div class="charts">
<figure><figcaption>by judge</figcaption>${renderBarChart('violations by judge', report.violationsByJudge, COLORS.barJudge)}</figure>
<figure><figcaption>by fault boundary</figcaption>${renderBarChart('violations by boundary', report.violationsByBoundary)}</figure>
</div>
<h2>Recovery latency</h2>
<figure><figcaption>per executor: one dot per faulted call that reached a known outcome; solid bar p50, dashed bar p95</figcaption>${renderLatencyChart(report.recoveryMs, report.leaderboard)}</figure>
${report.recoveryByFault ? renderRecoveryTable(report.recoveryByFault) : ''}
</section>
<section id="counterexamples"><h2>${esc(report.timelinesHeading ?? 'Counterexamples')}</h2>${toc}
${report.counterexamples.map(renderCounterexample).join('\n')}
</section>`
  return renderPage({ title: report.title, subtitle: report.subtitle, verdict: report.verdict, main })
}

/** A gate's or a run's figures, coverage and checks (a comparison has none: its leaderboard holds them). */
function figures(report: HtmlReport): string {
  const parts: string[] = []
  if (report.figures?.length) parts.push(`<h2>Figures</h2>${renderFigures(report.figures)}`)
  if (report.checks?.length) parts.push(`<h3>Checks</h3>${renderChecks(report.checks)}`)
  if (report.coverage) parts.push(`<h3>What it exercised</h3>${renderCoverage(report.coverage)}`)
  return parts.length ? `<section id="figures">${parts.join('\n')}</section>` : ''
}
