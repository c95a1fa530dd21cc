// Markdown: verdict first, leaderboard, coverage,
// counterexamples folded; executor text cannot open
// a tag or close a fence; and a 5,000-run comparison
// of every bundled executor (far more than fits)
// stays under GitHub's 1 MiB step-summary limit by
// leaving out whole blocks, never cutting one.
import { beforeAll, describe, expect, it } from 'vitest'
import { BUNDLED_NAMES } from '../../executors/index.ts'
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import { REPORT_SCHEMA } from '../../harness/campaign/report-schema.ts'
import { JUDGE_NAMES } from '../../harness/contract/names.ts'
import { renderAuditMarkdown } from '../../reports/audit-markdown.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { STEP_SUMMARY_LIMIT } from '../../reports/markdown-kit.ts'
import { auditView } from './support/audit.ts'
import { gateOf, hostile, smallCompare } from './support/reports.ts'

let report: CompareReport

beforeAll(async () => {
  report = await smallCompare()
}, 60_000)

/**
 * Whole structures: fences closed, <details> balanced,
 * no raw executor HTML outside a fence.
 */
function structureProblems(md: string): string[] {
  const problems: string[] = []
  let fence: string | null = null
  let open = 0
  for (const line of md.split('\n')) {
    if (fence) {
      if (line === fence) fence = null
      continue
    }
    const f = /^(`{3,})[\w-]*$/.exec(line)
    if (f) {
      fence = f[1]!
      continue
    }
    open += (line.match(/<details>/g) ?? []).length - (line.match(/<\/details>/g) ?? []).length
    if (open < 0) problems.push(`a </details> closes nothing: ${line.slice(0, 80)}`)
    if (/<script|<b>|<\/summary>.*<\/summary>/.test(line)) problems.push(`raw HTML: ${line.slice(0, 80)}`)
  }
  if (fence) problems.push('a fence is left open')
  if (open !== 0) problems.push(`${open} <details> left open`)
  return problems
}

/**
 * Every bundled executor over 5,000 runs, each with a
 * counterexample per judge and a 2,000-event history.
 */
function bigCompare(small: CompareReport): CompareReport {
  const template = small.rows.find((r) => r.counterexamples.length > 0)!
  const ce = template.counterexamples[0]!
  const history = Array.from({ length: 200 }, (_, i) =>
    ce.history!.map((e) => ({ ...e, seq: e.seq + i * ce.history!.length })),
  )
    .flat()
    .slice(0, 2_000)
  const rows = BUNDLED_NAMES.map((name, i) => ({
    executor: { spec: name, name },
    summary: {
      ...template.summary,
      executor: name,
      runs: 5_000,
      failingRuns: i * 100,
      violations: Object.fromEntries(JUDGE_NAMES.map((j) => [j, i === 0 ? 0 : 17])),
    },
    passK: {
      k: 3,
      scenarios: 25,
      replays: 70,
      passed: 25 - Math.min(i, 25),
      faulted: i % 3,
      rate: (25 - Math.min(i, 25)) / 25,
    },
    counterexamples:
      i === 0
        ? []
        : JUDGE_NAMES.map((judge) => ({ ...ce, judge, violations: [{ ...ce.violations[0]!, judge }], history })),
  }))
  return { ...small, campaign: { ...small.campaign, runs: 5_000, k: 3, passKScenarios: 25 }, rows }
}

describe('renderMarkdown', () => {
  it('puts the verdict first, then the leaderboard, coverage and every counterexample folded with its replay', () => {
    const md = renderMarkdown(report)
    expect(structureProblems(md)).toEqual([])
    expect(md.split('\n')[0]).toMatch(/^## ❌ faultline compare$/)
    expect(md.indexOf('had a violation')).toBeLessThan(md.indexOf('### Leaderboard'))
    expect(md.indexOf('### Leaderboard')).toBeLessThan(md.indexOf('### Coverage'))
    expect(md.indexOf('### Coverage')).toBeLessThan(md.indexOf('### Minimal counterexamples'))
    const all = report.rows.flatMap((r) => r.counterexamples)
    expect(all.length).toBeGreaterThan(1)
    for (const c of all) expect(md).toContain(`\`\`\`sh\n${c.replay}\n\`\`\``)
    expect((md.match(/<details><summary>history of its replay/g) ?? []).length).toBe(all.length)
    expect(md).not.toContain('Truncated')
    expect(md).toMatch(/\| naive \| \d+\/20 \|/)
    expect(md).toMatch(/\| reference \| 0\/20 \|.*\| 100\.0% \(6\/6\) \| 12 \| · \|/)
  })

  it('keeps hostile executor text from opening tags, breaking cells or closing fences', () => {
    const md = renderMarkdown(hostile(report))
    expect(structureProblems(md)).toEqual([])
    expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('stays under 1 MiB for a 5,000-run comparison of every bundled executor, leaving out whole blocks with a note', () => {
    const big = bigCompare(report)
    expect(REPORT_SCHEMA.safeParse(big).error?.issues.slice(0, 3)).toBeUndefined() // the first problems, if any
    expect(big.rows.length).toBe(BUNDLED_NAMES.length)
    const md = renderMarkdown(big)
    const size = Buffer.byteLength(md)
    console.log(
      `markdown of a 5,000-run compare of ${big.rows.length} executors: ${size} bytes (limit ${STEP_SUMMARY_LIMIT}); JSON ${JSON.stringify(big).length} bytes`,
    )
    expect(size).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT)
    expect(size).toBeGreaterThan(STEP_SUMMARY_LIMIT / 2) // it fills the room it has, not a stub
    expect(structureProblems(md)).toEqual([])
    for (const name of BUNDLED_NAMES) expect(md).toContain(`| ${name.replace(/_/g, '\\_')} | `)
    expect(md).toMatch(/> \*\*Truncated:\*\* \d+ more block\(s\)/)
    expect(md).toContain('### Recovery latency per fault class\n\n<details>') // before the counterexamples: whole
    // Tighter budgets hold too, whole blocks only.
    for (const maxBytes of [200_000, 20_000, 3_000]) {
      const small = renderMarkdown(big, { maxBytes })
      expect(Buffer.byteLength(small), String(maxBytes)).toBeLessThanOrEqual(maxBytes)
      expect(structureProblems(small)).toEqual([])
      expect(small.startsWith('## ❌ faultline compare')).toBe(true)
    }
  })
})

describe('recovery latency per fault class in Markdown', () => {
  it("lists a gate's classes under its recovery figure", () => {
    const gate = gateOf(report, 'naive')
    expect(REPORT_SCHEMA.safeParse(gate).success).toBe(true)
    const classes = gate.summary.recoveryByFault
    expect(classes.length).toBeGreaterThan(1)
    const md = renderMarkdown(gate)
    expect(structureProblems(md)).toEqual([])
    const overall = md.indexOf('| recovery (virtual ms) |')
    expect(overall).toBeGreaterThan(0)
    let at = overall
    for (const c of classes) {
      const row = `| ↳ \`${c.kind}\` @ ${c.boundary} | p50 ${Math.round(c.latency.p50!)} · p95 ${Math.round(c.latency.p95!)} · max ${Math.round(c.latency.max!)} (${c.latency.count}) |`
      expect(md.indexOf(row), row).toBeGreaterThan(at) // campaign order, under the overall figure
      at = md.indexOf(row)
    }
    expect(at).toBeLessThan(md.indexOf('| verification |'))
  })

  it("gives a comparison a folded table, one row per executor in the leaderboard's order and a column per class", () => {
    const md = renderMarkdown(report)
    const block = md.slice(
      md.indexOf('### Recovery latency per fault class'),
      md.indexOf('### Minimal counterexamples'),
    )
    expect(md.indexOf('### Coverage')).toBeLessThan(md.indexOf('### Recovery latency per fault class'))
    expect(block).toMatch(/^### Recovery latency per fault class\n\n<details><summary>p50\/p95 virtual ms/)
    const lines = block.split('\n').filter((l) => l.startsWith('| '))
    const header = lines[0]!.split(' | ')
    const classes = [
      ...new Map(
        report.rows.flatMap((r) => r.summary.recoveryByFault).map((c) => [`${c.kind}@${c.boundary}`, c]),
      ).values(),
    ]
    expect(header).toHaveLength(classes.length + 1)
    expect(lines.slice(1).map((l) => l.split(' | ')[0])).toEqual(['| reference', '| naive'])
    for (const row of report.rows) {
      const line = lines.find((l) => l.startsWith(`| ${row.summary.executor} |`))!
      const cells = line.slice(2, -2).split(' | ').slice(1)
      for (const c of row.summary.recoveryByFault)
        expect(cells, `${row.summary.executor} ${c.kind}@${c.boundary}`).toContain(
          `${Math.round(c.latency.p50!)}/${Math.round(c.latency.p95!)} (${c.latency.count})`,
        )
      expect(cells.filter((x) => x === '·')).toHaveLength(classes.length - row.summary.recoveryByFault.length)
    }
  })

  it('gives the table in short, within the budget, when it does not fit whole', () => {
    const full = renderMarkdown(report)
    const before = Buffer.byteLength(full.slice(0, full.indexOf('### Recovery latency per fault class')))
    const short: string[] = []
    for (let maxBytes = before; maxBytes < before + 6_000; maxBytes += 100) {
      const md = renderMarkdown(report, { maxBytes })
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes)
      expect(structureProblems(md)).toEqual([])
      if (md.includes('### Recovery latency per fault class\n\nleft out for room')) short.push(md)
    }
    expect(short.length).toBeGreaterThan(0)
    expect(short[0]).toMatch(/> \*\*(Shortened|Truncated):\*\*/)
  })
})

describe('renderAuditMarkdown', () => {
  it('gives the verdict, then the dangerous cells first, then the matrix', () => {
    const md = renderAuditMarkdown(auditView())
    expect(structureProblems(md)).toEqual([])
    expect(md.split('\n')[0]).toBe('## ❌ faultline audit-mapping — examples/mappings/reset-as-not-sent.ts')
    const order = ['### The mapping failed on 1 of 4 cells', '### Dangerous cells first (1)', '### The matrix'].map(
      (h) => md.indexOf(h),
    )
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(md).toContain('- **!** it threw boom')
    expect(md).toContain('`reset-after-effect` × `fetch`')
    expect(md).toContain('boom')
  })
})
