// A campaign's result as one self-contained
// HTML file, its SVG hand-written (why:
// docs/internals/reports-and-scenarios.md).
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

/** A gate's or run's figures, coverage, checks. */
function figures(report: HtmlReport): string {
  const parts: string[] = []
  if (report.figures?.length) parts.push(`<h2>Figures</h2>${renderFigures(report.figures)}`)
  if (report.checks?.length) parts.push(`<h3>Checks</h3>${renderChecks(report.checks)}`)
  if (report.coverage) parts.push(`<h3>What it exercised</h3>${renderCoverage(report.coverage)}`)
  return parts.length ? `<section id="figures">${parts.join('\n')}</section>` : ''
}
