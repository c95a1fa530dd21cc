// Every renderer says a campaign tested nothing, from the
// report alone: the verdict line, a JUnit failure, the first
// annotation, the leaderboard's last row. A shard says it
// as a note: the merge decides.
import { beforeAll, describe, expect, it } from 'vitest'
import { reference } from '../../executors/reference/reference.ts'
import { compare } from '../../harness/campaign/compare.ts'
import { compareReport, gateReport } from '../../harness/campaign/report.ts'
import { judge } from '../../harness/judge/verdict.ts'
import type { CompareReport, GateReport, RunReport } from '../../harness/campaign/report-schema.ts'
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'
import { annotationsOf } from '../../reports/annotations.ts'
import { htmlReportFrom } from '../../reports/html/from-report.ts'
import { renderJunit } from '../../reports/junit.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { renderGate, renderRun } from '../../reports/text.ts'
import neverSends from '../fixtures/nothing-tested/never-sends.ts'
import { scratchDir } from '../support/scratch.ts'
import { junitCases } from './support/junit-check.ts'

const SEED = 3
let board: CompareReport
let idle: GateReport
let idleShard: GateReport
let tested: GateReport

beforeAll(async () => {
  console.log(`nothing-tested renderers: campaign seed ${SEED}`)
  const rows = await compare([neverSends, reference], {
    runs: 8,
    seed: SEED,
    k: 1,
    passKScenarios: 3,
    generator: scenarioGenerator(),
  })
  const campaign = {
    seed: SEED,
    runs: 8,
    profile: 'vendor',
    faultline: 'test',
    corpus: null,
    judges: null,
    shard: null,
  }
  board = compareReport(
    { ...campaign, k: 1, passKScenarios: 3 },
    rows.map((row) => ({ executor: { spec: row.summary.executor, name: row.summary.executor }, row })),
    { cwd: scratchDir('reports'), corpus: null, replayPrefix: 'npx faultline' },
  )
  const gateOf = (row: CompareReport['rows'][number], shard: GateReport['campaign']['shard']) =>
    gateReport({
      campaign: { ...campaign, shard },
      executor: row.executor,
      summary: row.summary,
      counterexample: null,
      corpus: [],
      minCoverage: [],
      runs: row.runs ?? [],
    })
  const [never, ref] = [board.rows[0]!, board.rows[1]!]
  idle = gateOf(never, null)
  idleShard = gateOf(never, { index: 1, total: 2 })
  tested = gateOf(ref, null)
}, 60_000)

const nothingCase = (xml: string) => junitCases(xml).filter((c) => c.name === 'nothing-tested')

describe('a gate that tested nothing', () => {
  it('fails, and each form leads with why', () => {
    const why = idle.summary.nothingTested!
    expect(why).toMatch(/^no tool call reached a service in 8 runs: /)
    expect(idle.passed).toBe(false)
    expect(renderGate(idle).split('\n').at(-1)).toBe(`NOTHING TESTED — ${why}`)
    expect(renderMarkdown(idle)).toMatch(/^## ❌ faultline gate — never-sends\n\n\*\*NOTHING TESTED — no tool call/)
    expect(htmlReportFrom(idle).verdict).toEqual({ passed: false, line: `FAIL — nothing tested: ${why}` })
    expect(nothingCase(renderJunit(idle))).toEqual([
      expect.objectContaining({ outcome: expect.objectContaining({ kind: 'failure', type: 'nothing-tested' }) }),
    ])
    expect(annotationsOf(idle)[0]).toEqual({ title: 'nothing-tested', message: `never-sends: ${why}` })
  })

  it('in a shard it is a note, not a verdict: the merge decides', () => {
    expect(idleShard.passed).toBe(true)
    const text = renderGate(idleShard)
    expect(text).not.toContain('NOTHING TESTED')
    expect(text).toContain(`  nothing tested in this shard: ${idleShard.summary.nothingTested}`)
    expect(nothingCase(renderJunit(idleShard))[0]!.outcome?.kind).toBe('skipped')
    expect(annotationsOf(idleShard)).toEqual([])
  })

  it('a campaign that tested something has a passing nothing-tested case, and no such line', () => {
    expect(tested.summary.nothingTested).toBeNull()
    expect(nothingCase(renderJunit(tested))[0]!.outcome).toBeNull()
    expect(renderGate(tested)).not.toMatch(/nothing tested/i)
  })
})

describe('a comparison in which an executor tested nothing', () => {
  it('ranks it last, marks its row, and fails the verdict', () => {
    const html = htmlReportFrom(board)
    expect(html.leaderboard.map((r) => [r.executor, r.nothingTested === null])).toEqual([
      ['reference', true],
      ['never-sends', false],
    ])
    expect(html.verdict.passed).toBe(false)
    expect(html.verdict.line).toContain('nothing tested by never-sends')
    const md = renderMarkdown(board)
    expect(md).toMatch(/^## ❌ faultline compare/)
    expect(md).toMatch(/\| never-sends \| 0\/8 · nothing tested \|/)
    expect(md).toContain('**nothing tested** by never-sends: no tool call reached a service in 8 runs')
    const cases = junitCases(renderJunit(board)).filter((c) => c.name === 'nothing-tested')
    expect(cases.map((c) => [c.suite, c.outcome?.kind ?? 'pass'])).toEqual([
      ['faultline compare never-sends', 'failure'],
      ['faultline compare reference', 'pass'],
    ])
    expect(annotationsOf(board)[0]?.title).toBe('nothing-tested')
  })
})

describe('a run that tested nothing', () => {
  it('fails in every form, leading with why', () => {
    const why = 'no tool call reached a service in 1 run: 1 tool call answered'
    const gate = idle
    const run: RunReport = {
      format: gate.format,
      version: gate.version,
      command: 'run',
      executor: { spec: 'never-sends', name: 'never-sends' },
      scenario: { file: 'worked-example.json', name: 'worked-example' },
      passed: false,
      nothingTested: why,
      verdict: judge([]), // an empty history's: nothing sent
      coverage: [],
      history: [],
    }
    expect(renderRun(run)).toContain(`NOTHING TESTED — ${why}`)
    expect(renderMarkdown(run)).toContain(`**NOTHING TESTED — ${why}**`)
    expect(htmlReportFrom(run).verdict).toEqual({ passed: false, line: `NOTHING TESTED — ${why}` })
    expect(nothingCase(renderJunit(run))[0]!.outcome).toMatchObject({ kind: 'failure', type: 'nothing-tested' })
    expect(annotationsOf(run)[0]).toEqual({ title: 'nothing-tested', message: `never-sends: ${why}` })
    // With a finding too (a refused host): both, in that order.
    const finding = { judge: 'executor-fault', call: null, tool: null, boundaries: [], message: 'blocked' } as const
    const blocked: RunReport = { ...run, verdict: { ...run.verdict, violations: [finding] } }
    expect(renderRun(blocked)).toContain(`NOTHING TESTED — ${why}; FAIL — 1 violation(s)`)
    const tested = { ...run, passed: true, nothingTested: undefined }
    expect(annotationsOf(tested)).toEqual([])
    expect(renderRun(tested)).toContain('PASS — no violation')
  })
})
