// Every format says when a campaign was cut
// short (interrupted: never a pass, an error;
// --max-time: no error) and when a failure did
// not reproduce alone, with why.
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport, GateReport } from '../../harness/campaign/report-schema.ts'
import { REPORT_SCHEMA } from '../../harness/campaign/report-schema.ts'
import { annotationsOf } from '../../reports/annotations.ts'
import { renderGateFailure } from '../../reports/gate-failure.ts'
import { htmlReportFrom } from '../../reports/html/from-report.ts'
import { renderJunit } from '../../reports/junit.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { NOT_REPRODUCED } from '../../reports/kit/cut-notes.ts'
import { renderCompare, renderGate } from '../../reports/text.ts'
import { gateOf, smallCompare } from './support/reports.ts'

let compared: CompareReport
let failed: GateReport

beforeAll(async () => {
  compared = await smallCompare()
  failed = gateOf(compared, 'naive')
})

const interrupted = { by: 'interrupted', signal: 'SIGINT', maxTimeMs: null } as const
const timedOut = { by: 'max-time', signal: null, maxTimeMs: 4000 } as const
const unloadable = {
  by: 'load-failed',
  signal: null,
  maxTimeMs: null,
  error: 'cannot load executor module x.ts: locked',
} as const

describe('a counterexample that did not reproduce', () => {
  it('says why in the text, the vitest message, JUnit and an annotation; its replay line says it passes alone', () => {
    const c = { ...failed.counterexample!, reproduced: false, shrinks: 0, history: null }
    const report = { ...failed, counterexample: c }
    expect(REPORT_SCHEMA.safeParse(report).success).toBe(true)
    const text = renderGate(report)
    expect(text).toContain(`did not reproduce: ${NOT_REPRODUCED}`)
    expect(text).toContain('(alone it passes: see above)')
    expect(renderGateFailure(report, 'npx vitest')).toContain(`Did not reproduce: ${NOT_REPRODUCED}`)
    expect(renderJunit(report)).toContain('Keep run state in ctx.storage or inside boot()')
    expect(annotationsOf(report).find((a) => a.title === 'not-reproduced')?.message).toContain('ctx.storage')
    // Reproduced: none of it.
    expect(renderGate(failed)).not.toContain(NOT_REPRODUCED)
    expect(annotationsOf(failed).some((a) => a.title === 'not-reproduced')).toBe(false)
  })
})

describe('a campaign cut short', () => {
  it('interrupted: marked in the text header and verdict, an error case in JUnit, the first annotation', () => {
    const report = { ...failed, cut: interrupted, passed: false }
    expect(REPORT_SCHEMA.safeParse(report).success).toBe(true)
    const text = renderGate(report)
    expect(text).toContain(`${report.summary.runs} of 20 runs (interrupted by SIGINT)`)
    expect(text).toContain(
      `INTERRUPTED — SIGINT interrupted the campaign after ${report.summary.runs} of 20 runs: the verdict so far, not a pass`,
    )
    const junit = renderJunit(report)
    expect(junit).toContain('<property name="cut" value="interrupted (SIGINT)"/>')
    expect(junit).toMatch(/<testcase name="campaign-cut"[^>]*>\s*<error type="interrupted"/)
    expect(annotationsOf(report)[0]?.title).toBe('interrupted')
  })

  it('interrupted with nothing found: Markdown and HTML say interrupted, never pass (nor a coverage failure)', () => {
    const clean = gateOf(compared, 'reference')
    const report = { ...clean, cut: interrupted, passed: false }
    const line = `INTERRUPTED — SIGINT interrupted the campaign after ${clean.summary.runs} of 20 runs: the verdict so far, not a pass`
    expect(renderMarkdown(report)).toContain(line)
    expect(htmlReportFrom(report).verdict).toEqual({ passed: false, line })
    expect(renderGate(report)).not.toMatch(/^PASS/m)
  })

  it('--max-time: said in the text and JUnit (skipped, not an error), no annotation', () => {
    const report = { ...failed, cut: timedOut }
    const text = renderGate(report)
    expect(text).toContain('(cut by --max-time)')
    expect(text).toContain('CUT — the time budget (--max-time 4000 ms) ended the campaign after')
    expect(renderJunit(report)).toMatch(/<testcase name="campaign-cut"[^>]*>\s*<skipped type="max-time"/)
    expect(annotationsOf(report).some((a) => a.title === 'max-time')).toBe(false)
  })

  it("load-failed: the module's error in the header and verdict, an error in JUnit, an annotation; never a pass", () => {
    const clean = gateOf(compared, 'reference')
    const report = { ...clean, cut: unloadable, passed: false }
    expect(REPORT_SCHEMA.safeParse(report).success).toBe(true)
    const line = `LOAD FAILED — the executor module did not load again in a new worker, twice in a row, after ${clean.summary.runs} of 20 runs: cannot load executor module x.ts: locked. What those runs found stands; the rest went untested: not a pass`
    const text = renderGate(report)
    expect(text).toContain(`${clean.summary.runs} of 20 runs (cut: the executor stopped loading)`)
    expect(text).toContain(line)
    expect(text).not.toMatch(/^PASS/m)
    expect(renderMarkdown(report)).toContain(line)
    expect(htmlReportFrom(report).verdict).toEqual({ passed: false, line })
    const junit = renderJunit(report)
    expect(junit).toContain('<property name="cut" value="load-failed"/>')
    expect(junit).toMatch(/<testcase name="campaign-cut"[^>]*>\s*<error type="load-failed"/)
    expect(annotationsOf(report)[0]?.title).toBe('load-failed')
    expect(renderGateFailure(report, 'npx vitest')).toContain(line)
    // Found before it: the failure stands beside it.
    expect(renderGate({ ...failed, cut: unloadable, passed: false })).toMatch(/LOAD FAILED — [^\n]*\n(.*\n)*FAIL — /)
  })

  it('a comparison: which executors it reached, in the text', () => {
    const report = { ...compared, cut: interrupted, rows: compared.rows.slice(0, 1) }
    expect(REPORT_SCHEMA.safeParse(report).success).toBe(true)
    const first = report.rows[0]!.summary
    expect(renderCompare(report)).toContain(
      `INTERRUPTED — SIGINT interrupted the comparison after 1 executor(s); the last, ${first.executor}, made ${first.runs} of 20 runs: the results so far`,
    )
    expect(renderCompare(compared)).not.toContain('INTERRUPTED')
    const gone = { ...report, cut: { ...unloadable, error: `${first.executor}: gone` } }
    expect(renderCompare(gone)).toContain(
      `LOAD FAILED — an executor module that could not be loaded again (${first.executor}: gone) ended the comparison after 1 executor(s); the last, ${first.executor}, made ${first.runs} of 20 runs: the results so far`,
    )
  })
})
