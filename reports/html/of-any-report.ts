// The HTML report of any report (gate, compare or run), as one self-contained page. Only formatting.
import type { Report } from '../../harness/campaign/report-schema.ts'
import { htmlReportFrom } from './from-report.ts'
import { renderHtmlReport } from './report.ts'

export function renderHtml(report: Report): string {
  return renderHtmlReport(htmlReportFrom(report))
}
