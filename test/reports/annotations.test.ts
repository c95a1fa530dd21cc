// GitHub annotations: escaped as the Actions toolkit
// escapes workflow commands (actions/toolkit
// packages/core/src/command.ts), one per violation
// class titled with the judge, at most ten.
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import {
  annotationsOf,
  auditAnnotations,
  escapeData,
  escapeProperty,
  MAX_ANNOTATIONS,
  workflowCommands,
} from '../../reports/annotations.ts'
import { auditView } from './support/audit.ts'
import { hostile, smallCompare } from './support/reports.ts'

let report: CompareReport

beforeAll(async () => {
  report = await smallCompare()
}, 60_000)

/** The runner's unescaping (actions/runner ActionCommand.cs). */
function runnerUnescape(s: string, property: boolean): string {
  let out = s.replace(/%0D/g, '\r').replace(/%0A/g, '\n')
  if (property) out = out.replace(/%3A/g, ':').replace(/%2C/g, ',')
  return out.replace(/%25/g, '%')
}

describe('workflow-command escaping', () => {
  it('escapes % first, CR and LF in data; also : and , in a property; and round-trips', () => {
    expect(escapeData('50% a\r\nb:c,d')).toBe('50%25 a%0D%0Ab:c,d')
    expect(escapeProperty('50% a\r\nb:c,d')).toBe('50%25 a%0D%0Ab%3Ac%2Cd')
    expect(escapeData('%0A')).toBe('%250A') // a literal "%0A" stays literal
    for (const s of ['%0A%25:,', 'a\nb', '100%', 'x::error::y']) {
      expect(runnerUnescape(escapeData(s), false)).toBe(s)
      expect(runnerUnescape(escapeProperty(s), true)).toBe(s)
    }
  })
})

describe('annotations', () => {
  it('gives one ::error per violation class, titled with the judge, every line one line', () => {
    const lines = workflowCommands(annotationsOf(hostile(report)))
    const judges = [
      ...new Set(
        report.rows.flatMap((r) =>
          Object.entries(r.summary.violations)
            .filter(([, n]) => n > 0)
            .map(([j]) => j),
        ),
      ),
    ]
    expect(judges.length).toBeGreaterThan(1)
    expect(lines.length).toBe(Math.min(judges.length, MAX_ANNOTATIONS))
    for (const line of lines) {
      expect(line).toMatch(/^::error title=[a-z-]+::/)
      expect(line).not.toMatch(/[\r\n]/)
      // The message's own "::" cannot end the command
      // early: it is data after the first "::" pair.
    }
    expect(lines.map((l) => /^::error title=([a-z-]+)::/.exec(l)![1]).sort()).toEqual([...judges].sort())
    expect(lines.some((l) => l.includes('replay with: npx faultline run'))).toBe(true)
  })

  it('stops at ten', () => {
    const many: CompareReport = {
      ...report,
      rows: report.rows.map((r) => ({
        ...r,
        summary: {
          ...r.summary,
          violations: Object.fromEntries(
            Array.from({ length: 15 }, (_, i) => [`judge-${String.fromCharCode(97 + i)}`, i + 1]),
          ),
        },
      })),
    }
    const lines = workflowCommands(annotationsOf(many))
    expect(lines.length).toBe(10)
    expect(lines[0]).toMatch(/^::error title=judge-o::30 judge-o violation/) // most violations first
  })

  it('gives an audit one for the cells the mapping failed on, first, then one per consequence of its dangerous cells', () => {
    const lines = workflowCommands(auditAnnotations(auditView()))
    expect(lines.map((l) => /title=([^:]+)::/.exec(l)![1])).toEqual(['mapping-failed', 'duplicate-effect'])
    expect(lines[0]).toContain('the mapping failed on 1 of 4 cells: it threw boom | <b> — error-response.503 × http')
    expect(lines[1]).toContain('1 dangerous cell(s) lead to duplicate effect: reset-after-effect × fetch (not-sent)')
  })
})
