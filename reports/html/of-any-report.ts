// Any report (gate, compare, run) as one
// self-contained HTML page.
import type { Report } from '../../harness/campaign/report-schema.ts'
import { htmlReportFrom } from './from-report.ts'
import { renderHtmlReport } from './report.ts'

export function renderHtml(report: Report): string {
  return renderHtmlReport(htmlReportFrom(report))
}
