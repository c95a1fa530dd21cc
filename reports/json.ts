// The report as JSON text, indented but for
// the long lists (one element a line): 1000s
// of runs stay a few MB, a diff shows one
// run a line. Same report, same bytes.
import type { Report } from '../harness/campaign/report-schema.ts'
import { inertJson } from './escape/workflow-command.ts'

/** Lists whose elements go one per line. */
const ONE_PER_LINE = new Set(['runs', 'passKRuns', 'history'])

export function reportJson(report: Report): string {
  // Printed in CI logs too (--json).
  return `${inertJson(format(report, '', null))}\n`
}

function format(value: unknown, indent: string, key: string | null): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const inner = `${indent}  `
    const items = value.map((v) => (key !== null && ONE_PER_LINE.has(key) ? JSON.stringify(v) : format(v, inner, null)))
    return `[\n${items.map((i) => `${inner}${i}`).join(',\n')}\n${indent}]`
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    if (entries.length === 0) return '{}'
    const inner = `${indent}  `
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner, k)}`).join(',\n')}\n${indent}}`
  }
  return JSON.stringify(value) ?? 'null'
}
