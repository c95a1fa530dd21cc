// Real reports for the renderer tests, made once
// per file: reference vs naive (which fails several
// ways), counterexamples saved in a temp corpus so
// they carry replay commands; and a hostile copy.
import { naive } from '../../../executors/naive.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { compare } from '../../../harness/campaign/compare.ts'
import { compareReport } from '../../../harness/campaign/report.ts'
import type { CompareReport, GateReport } from '../../../harness/campaign/report-schema.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { scratchDir } from '../../support/scratch.ts'

export async function smallCompare(): Promise<CompareReport> {
  const cwd = scratchDir('reports')
  const rows = await compare([reference, naive], {
    runs: 20,
    seed: 1,
    k: 2,
    passKScenarios: 6,
    generator: scenarioGenerator(),
  })
  const campaign = {
    seed: 1,
    runs: 20,
    profile: 'vendor',
    faultline: 'test',
    corpus: '.faultline/corpus',
    judges: null,
    shard: null,
    k: 2,
    passKScenarios: 6,
  }
  return compareReport(
    campaign,
    rows.map((row) => ({ executor: { spec: row.summary.executor, name: row.summary.executor }, row })),
    { cwd, corpus: '.faultline/corpus', replayPrefix: 'npx faultline' },
  )
}

/** A gate report of one executor of the comparison. */
export function gateOf(report: CompareReport, executor: string): GateReport {
  const row = report.rows.find((r) => r.executor.name === executor)!
  const { k: _k, passKScenarios: _n, ...campaign } = report.campaign
  return {
    format: report.format,
    version: report.version,
    command: 'gate',
    campaign,
    executor: row.executor,
    passed: row.summary.failingRuns === 0,
    summary: row.summary,
    counterexample: row.counterexamples[0] ?? null,
    corpus: [],
    minCoverage: [],
  }
}

/**
 * What XML, Markdown and workflow commands treat
 * specially, and characters XML 1.0 cannot carry.
 */
export const HOSTILE =
  'a <b>&amp; "q" \'s\' ]]> </details></summary><script>alert(1)</script> | `tick` ``` %25 50% a:b, c\r\nnext line \u0001\u0008\u000B\u001F\uFFFE \uD800 end'

/** The report with violations and executor name hostile. */
export function hostile(report: CompareReport): CompareReport {
  const copy = JSON.parse(JSON.stringify(report)) as {
    rows: {
      executor: { name: string }
      summary: { executor: string }
      counterexamples: { violations: { message: string }[] }[]
    }[]
  }
  for (const row of copy.rows) {
    for (const c of row.counterexamples) for (const v of c.violations) v.message = `${v.message} ${HOSTILE}`
  }
  return copy as unknown as CompareReport
}
