// JUnit XML: valid by Jenkins' junit-10.xsd rules
// (strictly: support/junit-check.ts), one case per
// executor × judge, failures with violation and
// replay command, counts right, every string escaped
// (control characters too): hostile text neither
// breaks the document nor is lost.
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport, GateReport, RunReport } from '../../harness/campaign/report-schema.ts'
import { JUDGE_NAMES } from '../../harness/contract/names.ts'
import { renderJunit } from '../../reports/junit.ts'
import { renderAuditJunit } from '../../reports/audit-junit.ts'
import { junitCases, junitProblems } from './support/junit-check.ts'
import { HOSTILE, hostile, smallCompare } from './support/reports.ts'
import { auditView } from './support/audit.ts'

let report: CompareReport

beforeAll(async () => {
  report = await smallCompare()
}, 60_000)

describe('the JUnit checker', () => {
  it('refuses what a CI parser would choke on (so that its passing means something)', () => {
    const ok =
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="s" tests="1" failures="1" errors="0"><testcase name="c"><failure type="t" message="m">x</failure></testcase></testsuite></testsuites>\n'
    expect(junitProblems(ok)).toEqual([])
    expect(junitProblems(ok.replace('>x<', '>a & b<'))).not.toEqual([])
    expect(junitProblems(ok.replace('>x<', '>a < b<'))).not.toEqual([])
    expect(junitProblems(ok.replace('message="m"', 'message="a<b"'))).not.toEqual([])
    expect(junitProblems(ok.replace('>x<', '>\u0001<'))).not.toEqual([])
    expect(junitProblems(ok.replace('>x<', '>&#1;<'))).not.toEqual([])
    expect(junitProblems(ok.replace('failures="1"', 'failures="0"'))).not.toEqual([])
    expect(junitProblems(ok.replace(' name="c"', ''))).not.toEqual([])
    expect(junitProblems(ok.replace('<testcase name="c">', '<testcase name="c" bogus="1">'))).not.toEqual([])
    expect(junitProblems(ok.replace('</failure>', '</failure><failure/>'))).not.toEqual([])
  })
})

describe('renderJunit', () => {
  it('gives one case per executor × judge (and pass^k), failing where the report says, with the replay command', () => {
    const xml = renderJunit(report)
    expect(junitProblems(xml)).toEqual([])
    const cases = junitCases(xml)
    for (const row of report.rows) {
      const mine = cases.filter((c) => c.suite === `faultline compare ${row.executor.name}`)
      expect(mine.map((c) => c.name)).toEqual([
        ...Object.keys(row.summary.violations),
        `pass^${report.campaign.k}`,
        'nothing-tested',
      ])
      expect(Object.keys(row.summary.violations)).toEqual(expect.arrayContaining([...JUDGE_NAMES]))
      for (const [judge, n] of Object.entries(row.summary.violations)) {
        const c = mine.find((x) => x.name === judge)!
        expect(c.outcome === null, `${row.executor.name} ${judge}`).toBe(n === 0)
        if (n > 0) {
          const ce = row.counterexamples.find((x) => x.judge === judge)!
          expect(c.outcome!.type).toBe(judge)
          expect(c.outcome!.message).toContain(`${n} ${judge} violation(s)`)
          expect(c.outcome!.text).toContain(ce.violations.find((v) => v.judge === judge)!.message)
          expect(c.outcome!.text).toContain(`replay with: ${ce.replay}`)
        }
      }
    }
    const naive = report.rows.find((r) => r.executor.name === 'naive')!
    expect(naive.summary.failingRuns).toBeGreaterThan(0)
    expect(cases.filter((c) => c.outcome).length).toBeGreaterThan(1)
  })

  it('escapes every string, control characters included, and loses nothing else', () => {
    const xml = renderJunit(hostile(report))
    expect(junitProblems(xml)).toEqual([])
    const failing = junitCases(xml).filter((c) => c.outcome?.kind === 'failure' && !c.name.startsWith('pass^'))
    expect(failing.length).toBeGreaterThan(0)
    // What XML 1.0 can carry comes back exactly; the
    // rest is written as visible \uXXXX text.
    const carried = HOSTILE.replace(
      /[\u0001\u0008\u000B\u001F\uFFFE\uD800]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    for (const c of failing) expect(c.outcome!.text).toContain(carried)
    expect(failing.some((c) => c.outcome!.message.includes(carried))).toBe(true)
  })

  it("makes an executor fault an <error>, a gate's corpus and coverage failures cases of their own, pass^k n/a a skipped case", () => {
    const row = report.rows.find((r) => r.executor.name === 'naive')!
    const gate: GateReport = {
      format: report.format,
      version: report.version,
      command: 'gate',
      campaign: { ...report.campaign, shard: null },
      executor: row.executor,
      passed: false,
      summary: { ...row.summary, violations: { ...row.summary.violations, 'executor-fault': 2 } },
      counterexample: row.counterexamples[0]!,
      corpus: [
        {
          file: '.faultline/corpus/x.json',
          judge: 'duplicate-effect',
          status: 'still-failing',
          violations: row.counterexamples[0]!.violations,
          replay: 'npx faultline run .faultline/corpus/x.json --executor naive',
        },
      ],
      minCoverage: [
        {
          term: 'executor-crash:crash-in-flight',
          kind: 'executor-crash',
          boundary: null,
          tool: null,
          state: 'crash-in-flight',
          need: 5,
          got: 1,
          met: false,
        },
      ],
    }
    const xml = renderJunit(gate)
    expect(junitProblems(xml)).toEqual([])
    const cases = junitCases(xml)
    expect(cases.find((c) => c.name === 'executor-fault')!.outcome!.kind).toBe('error')
    expect(cases.find((c) => c.name === 'corpus .faultline/corpus/x.json')!.outcome!.text).toContain(
      'npx faultline run .faultline/corpus/x.json',
    )
    expect(cases.find((c) => c.name === 'min-coverage executor-crash:crash-in-flight')!.outcome!.message).toBe(
      'executor-crash:crash-in-flight: 1 of 5',
    )
    const none: CompareReport = {
      ...report,
      rows: report.rows.map((r) => ({
        ...r,
        passK: { ...r.passK, scenarios: 0, passed: 0, replays: 0, faulted: 0, rate: null },
      })),
    }
    expect(
      junitCases(renderJunit(none))
        .filter((c) => c.name === 'pass^2')
        .map((c) => c.outcome?.kind),
    ).toEqual(['skipped', 'skipped'])
  })

  it('renders a run: the bundled judges and any that fired', () => {
    const ce = report.rows.find((r) => r.executor.name === 'naive')!.counterexamples[0]!
    const run: RunReport = {
      format: report.format,
      version: report.version,
      command: 'run',
      executor: { spec: 'naive', name: 'naive' },
      scenario: { file: 'min case.json', name: ce.scenario.name },
      passed: false,
      verdict: {
        violations: [
          ...ce.violations,
          { judge: 'refund-above-total', call: null, tool: null, boundaries: [], message: 'a defined judge' },
        ],
        unresolved: { calls: 1, unresolved: 0 },
        recovery: [],
        notStarted: 0,
        verification: { calls: 1, probes: 0, extraAttempts: 0 },
        humanReview: 0,
        lateEffects: 0,
        abortsUnsupported: 0,
        requests: 2,
        blocked: { attempts: 0, hosts: [] },
        faults: 1,
        simulatedMs: 100,
      },
      coverage: [],
      history: ce.history!,
    }
    const xml = renderJunit(run)
    expect(junitProblems(xml)).toEqual([])
    const cases = junitCases(xml)
    expect(cases.map((c) => c.name)).toEqual([...JUDGE_NAMES, 'refund-above-total', 'nothing-tested'])
    expect(cases.find((c) => c.name === ce.judge)!.outcome!.text).toContain(
      "replay with: npx faultline run 'min case.json' --executor naive",
    )
    expect(cases.at(-1)!.outcome).toBeNull()
    const idle = junitCases(
      renderJunit({ ...run, passed: false, nothingTested: 'no tool call reached a service in 1 run' }),
    )
    expect(idle.at(-1)).toMatchObject({ name: 'nothing-tested', outcome: { kind: 'failure' } })
    expect(idle.at(-1)!.outcome!.text).toContain('no tool call reached a service in 1 run')
  })
})

describe('renderAuditJunit', () => {
  it('gives one case per cell, dangerous first and failing, a cell the mapping failed on as an error', () => {
    const view = auditView()
    const xml = renderAuditJunit(view, {
      'reset-after-effect': {
        savedTo: 'reports/out/a.json',
        replay: 'npx faultline run reports/out/a.json --mapping m.ts',
      },
    })
    expect(junitProblems(xml)).toEqual([])
    const cases = junitCases(xml)
    expect(cases.length).toBe(view.matrix.cells.length)
    expect(cases.map((c) => c.outcome?.kind ?? 'pass')).toEqual(['error', 'failure', 'pass', 'pass'])
    expect(cases[1]!.outcome!.type).toBe('duplicate-effect')
    expect(cases[1]!.outcome!.text).toContain('replay with: npx faultline run reports/out/a.json --mapping m.ts')
  })
})
