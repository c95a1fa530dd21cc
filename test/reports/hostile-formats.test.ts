// Every format of a report whose executor-made
// strings are hostile (name, violation messages,
// hosts, what it threw and answered; an audit's
// mapping, its answers): no raw control a terminal
// or log obeys, no CI command (the Actions runner
// modelled as it parses), no field starting a line
// (as many lines as the tame report), and the JSON
// still the exact data. Escaping is per format.
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditResult } from '../../harness/audit/result.ts'
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import { auditAnnotations, annotationsOf, workflowCommands } from '../../reports/annotations.ts'
import { renderAuditJunit } from '../../reports/audit-junit.ts'
import { renderAuditMapping } from '../../reports/audit-mapping.ts'
import { renderAuditMarkdown } from '../../reports/audit-markdown.ts'
import { term } from '../../reports/escape/terminal.ts'
import { renderGateFailure } from '../../reports/gate-failure.ts'
import { renderAuditHtml } from '../../reports/html/audit.ts'
import { renderHtml } from '../../reports/html/of-any-report.ts'
import { reportJson } from '../../reports/json.ts'
import { renderJunit } from '../../reports/junit.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { code, md, mdTable } from '../../reports/markdown-kit.ts'
import { renderCompare, renderGate } from '../../reports/text.ts'
import { HOSTILE_NAME, OUR_ANNOTATION, RAW_CONTROL, runnerCommands } from '../support/actions-runner.ts'
import { auditView } from './support/audit.ts'
import { junitProblems } from './support/junit-check.ts'
import { gateOf, smallCompare } from './support/reports.ts'

let tame: CompareReport
let report: CompareReport

beforeAll(async () => {
  tame = withHost(await smallCompare(), 'api.example.com')
  report = hostileCompare(tame)
}, 60_000)

/** A refused host in every row. */
function withHost(r: CompareReport, host: string): CompareReport {
  const copy = JSON.parse(JSON.stringify(r)) as { rows: { summary: { blocked: unknown } }[] }
  for (const row of copy.rows) row.summary.blocked = { attempts: 1, hosts: [host] }
  return copy as unknown as CompareReport
}

/** What the hostile copy rewrites. */
interface Rows {
  rows: {
    executor: { name: string }
    summary: { executor: string }
    counterexamples: { violations: { message: string }[]; history?: Record<string, unknown>[] | null }[]
  }[]
}

/** Each row's executor, messages, hosts, throws and answers hostile. */
function hostileCompare(r: CompareReport): CompareReport {
  const copy = JSON.parse(JSON.stringify(withHost(r, HOSTILE_NAME))) as Rows
  copy.rows.forEach((row, i) => {
    const name = `${HOSTILE_NAME} ${i}`
    row.executor.name = name
    row.summary.executor = name
    for (const c of row.counterexamples) {
      for (const v of c.violations) v.message = `${v.message} ${HOSTILE_NAME}`
      for (const e of c.history ?? []) {
        if (e.type === 'executor-fault') e.message = HOSTILE_NAME
        if (e.type === 'outcome-reported')
          e.envelope = { ...(e.envelope as object), message: HOSTILE_NAME, action_taken: HOSTILE_NAME }
      }
    }
  })
  return copy as unknown as CompareReport
}

function hostileAudit(): AuditResult {
  const a = JSON.parse(JSON.stringify(auditView())) as {
    mapping: string
    matrix: { cells: { observed: string; why: string; problem: { detail: string } | null }[] }
  }
  a.mapping = HOSTILE_NAME
  for (const c of a.matrix.cells) {
    c.observed = HOSTILE_NAME
    c.why = HOSTILE_NAME
    if (c.problem) c.problem.detail = HOSTILE_NAME
  }
  return a as unknown as AuditResult
}

/** Safe in a CI log; on a terminal, bidi too. */
function expectInert(text: string, what: string, terminal = false): void {
  expect(text, what).not.toMatch(RAW_CONTROL)
  expect(runnerCommands(text), what).toEqual([])
  if (terminal) expect(text, what).not.toContain('\u202e')
}

const lines = (s: string) => s.split('\n').length

describe('text', () => {
  it('compare, gate and the vitest failure message: escaped, inert, not a line more than the tame report', () => {
    const gate = gateOf(report, `${HOSTILE_NAME} 1`)
    const tameGate = gateOf(tame, 'naive')
    expect(gate.counterexample).not.toBeNull()
    const pairs: [string, string, string][] = [
      ['compare', renderCompare(report), renderCompare(tame)],
      ['gate', renderGate(gate), renderGate(tameGate)],
      ['gate failure', renderGateFailure(gate, 'npx vitest'), renderGateFailure(tameGate, 'npx vitest')],
    ]
    for (const [what, text, plain] of pairs) {
      expectInert(text, what, true)
      expect(lines(text), what).toBe(lines(plain))
      expect(text, what).toContain('forged\\x1b[31mred\\x1b]0;title\\x07\\r::warning::cr ##\\[error]old \\x9b2J')
    }
    expect(renderGate(gate)).toContain(
      `refused      1 attempt(s) to reach ${term(HOSTILE_NAME).replace('##[', '##\\[')}`,
    )
  })

  it('an audit: escaped, inert, not a line more', () => {
    const text = renderAuditMapping(hostileAudit())
    expectInert(text, 'audit', true)
    expect(lines(text)).toBe(lines(renderAuditMapping(auditView())))
  })
})

describe('annotations', () => {
  it("one line each, faultline's own command, no raw control", () => {
    const out = [...workflowCommands(annotationsOf(report)), ...workflowCommands(auditAnnotations(hostileAudit()))]
    expect(out.length).toBeGreaterThan(2)
    for (const line of out) {
      expect(line).toMatch(/^::error title=[^:\r\n]+::/)
      expect(line).not.toMatch(RAW_CONTROL)
      expect(line).not.toContain('\n')
    }
    for (const line of workflowCommands(annotationsOf(report))) expect(line).toMatch(OUR_ANNOTATION)
    expect(out.join('\n')).toContain('forged\\x1b[31m')
  })
})

describe('JUnit XML', () => {
  it('valid, inert, no raw control', () => {
    for (const [what, xml] of [
      ['compare', renderJunit(report)],
      ['gate', renderJunit(gateOf(report, `${HOSTILE_NAME} 1`))],
      ['audit', renderAuditJunit(hostileAudit())],
    ] as const) {
      expectInert(xml, what)
      expect(junitProblems(xml), what).toEqual([])
    }
  })
})

describe('HTML', () => {
  it('inert, no raw control, no markup of the executor', () => {
    for (const [what, html] of [
      ['compare', renderHtml(report)],
      ['gate', renderHtml(gateOf(report, `${HOSTILE_NAME} 1`))],
      ['audit', renderAuditHtml(hostileAudit())],
    ] as const) {
      expectInert(html, what)
      expect(html, what).not.toMatch(/<script|<!--/)
    }
  })
})

describe('Markdown', () => {
  /** Cells of a table row: unescaped pipes. */
  const cells = (row: string) => row.split(/(?<!\\)(?:\\\\)*\|/).length

  it('inert, no raw control, every table row as wide as its header', () => {
    for (const [what, md] of [
      ['compare', renderMarkdown(report)],
      ['gate', renderMarkdown(gateOf(report, `${HOSTILE_NAME} 1`))],
      ['audit', renderAuditMarkdown(hostileAudit())],
    ] as const) {
      expect(md, what).not.toMatch(RAW_CONTROL)
      expect(
        md.split('\n').filter((l) => l.trimStart().startsWith('::')),
        what,
      ).toEqual([])
      // Code spans and fences show markup as text.
      const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '').replace(/(`+)[^`][\s\S]*?\1/g, '')
      expect(prose, what).not.toMatch(/<script|<!--/)
      let width = 0
      for (const line of md.split('\n')) {
        if (!line.startsWith('|')) width = 0
        else if (width === 0) width = cells(line)
        else expect(cells(line), `${what}: ${line.slice(0, 120)}`).toBe(width)
      }
    }
  })
})

describe('a Markdown table cell', () => {
  it('keeps a pipe in a code span or text inside its cell', () => {
    const table = mdTable(['a', 'b', 'c'], [[code('x|y'), md('p|q'), code('``|``')]])
    const [head, , row] = table.split('\n')
    const cells = (line: string) => line.split(/(?<!\\)(?:\\\\)*\|/).length
    expect(cells(row!)).toBe(cells(head!))
    expect(row).toContain('`x\\|y`')
  })
})

describe('JSON', () => {
  it('the exact data, and no command in its text', () => {
    const json = reportJson(report)
    expect(runnerCommands(json)).toEqual([])
    expect(JSON.parse(json)).toEqual(report)
    expect(JSON.parse(json).rows[0].executor.name).toBe(`${HOSTILE_NAME} 0`)
  })
})
