// Any result as any format: the text its command printed,
// its JSON, Markdown, JUnit XML or one HTML page. Each
// renderer reads the result alone.
import type { AuditResult } from '../harness/audit/result.ts'
import type { Report } from '../harness/campaign/report-schema.ts'
import { renderAuditMapping } from './audit-mapping.ts'
import { renderAuditJunit } from './audit-junit.ts'
import { renderAuditMarkdown } from './audit-markdown.ts'
import { renderAuditHtml } from './html/audit.ts'
import { renderHtml } from './html/of-any-report.ts'
import { reportJson } from './json.ts'
import { inertJson } from './escape/workflow-command.ts'
import { renderJunit } from './junit.ts'
import { renderMarkdown } from './markdown.ts'
import { renderCompare, renderGate, renderRun } from './text.ts'

export type RenderFormat = 'text' | 'json' | 'markdown' | 'junit' | 'html'

export function render(result: Report | AuditResult, format: RenderFormat): string {
  if (!('command' in result)) return renderAudit(result, format)
  if (format === 'json') return reportJson(result)
  if (format === 'markdown') return renderMarkdown(result)
  if (format === 'junit') return renderJunit(result)
  if (format === 'html') return renderHtml(result)
  return result.command === 'gate'
    ? renderGate(result)
    : result.command === 'compare'
      ? renderCompare(result)
      : renderRun(result)
}

function renderAudit(result: AuditResult, format: RenderFormat): string {
  if (format === 'json') return `${inertJson(JSON.stringify(result, null, 2))}\n`
  if (format === 'markdown') return renderAuditMarkdown(result)
  if (format === 'junit') return renderAuditJunit(result)
  if (format === 'html') return renderAuditHtml(result)
  return renderAuditMapping(result)
}
