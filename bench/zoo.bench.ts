// Benchmark: detection power. Gate's search against
// each flawed executor over a few seeds: runs to
// the first failure, its judge, shrink time. Then
// the issue's targets, each PASS or FAIL:
//   - every mutant caught on every seed
//   - median runs to first failure <= 20
//     (the median of the mutants' medians)
//   - shrinking <= 3 s per mutant (its slowest seed)
// Then how often each narrow timing window was
// struck over the runs made, and whether the
// mutants that need one struck it when caught.
//
//   npm run bench:zoo   # seeds 1-5, <= 1,000 runs
//   npm run bench:zoo -- --seeds 1,2 --only fixed-timeout
import { parseArgs } from 'node:util'
import { ZOO } from '../executors/flawed/index.ts'
import { search } from '../harness/campaign/search.ts'
import { addWindows, timingWindows, windowCounts, type TimingWindow } from '../harness/campaign/timing-windows.ts'
import type { History } from '../harness/history/history.ts'
import type { Violation } from '../harness/judge/finding.ts'
import { asService, type RunService } from '../harness/supervisor/run-service.ts'
import { renderTimingWindows } from '../reports/coverage-text.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

const { values } = parseArgs({
  options: { seeds: { type: 'string' }, runs: { type: 'string' }, only: { type: 'string' } },
})
const seeds = (values.seeds ?? '1,2,3,4,5').split(',').map(Number)
const runs = Number(values.runs ?? 1000)
const only = values.only?.split(',')
const members = only ? ZOO.filter((m) => only.includes(m.executor.name)) : ZOO
if (only && members.length !== only.length)
  throw new Error(`unknown mutant in --only: ${only.filter((n) => !ZOO.some((m) => m.executor.name === n)).join(', ')}`)

const TARGET_MEDIAN = 20
const TARGET_SHRINK_MS = 3_000

/**
 * Bugs only a narrow timing window shows
 * (issue 24): their first failure should
 * have struck it.
 */
const NEEDS: Readonly<Record<string, TimingWindow>> = {
  'single-unspaced-probe': 'probe-while-in-network',
  'no-budget-check': 'last-seconds-check',
}

/**
 * The runs' histories, read as they end: the
 * service runs one at a time, in run order,
 * and shrinking starts only after the runs.
 */
function watched(service: RunService, seen: (history: History) => void): RunService {
  return {
    executorName: service.executorName,
    concurrency: service.concurrency,
    run: async (scenario, options) => {
      const out = await service.run(scenario, options)
      seen(out.history)
      return out
    },
    close: () => service.close(),
  }
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

interface Row {
  readonly name: string
  readonly judge: string
  /** Runs to 1st failure per seed (runs + 1: miss). */
  readonly firsts: number[]
  /** Per seed: did it show its own judge? */
  readonly ownJudge: boolean[]
  readonly shrinkMs: number[]
  readonly left: string[]
  /** Per seed: did its first failure strike the window it needs? */
  readonly struckNeeded: boolean[]
}

console.log(
  `faultline zoo bench — gate against each flawed executor, seeds ${seeds.join(',')}, up to ${runs} runs each`,
)
console.log(
  `${'mutant'.padEnd(30)} ${'judge'.padEnd(25)} ${'runs to 1st failure, per seed'.padEnd(31)} median  shrink ms (med/max)  shrunk to (steps/faults)`,
)
const rows: Row[] = []
const windows = new Map<TimingWindow, number>()
let windowRuns = 0
for (const m of members) {
  const row: Row = {
    name: m.executor.name,
    judge: m.catches,
    firsts: [],
    ownJudge: [],
    shrinkMs: [],
    left: [],
    struckNeeded: [],
  }
  for (const seed of seeds) {
    const seen = new Map<number, readonly Violation[]>()
    // Each run's windows in run order, until
    // shrinking starts (its runs are not drawn).
    const struck: TimingWindow[][] = []
    let shrinking = false
    const service = watched(asService(m.executor), (h) => shrinking || struck.push(timingWindows(h)))
    const r = await search(service, {
      runs,
      seed,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ ...(m.vendors && { vendors: m.vendors }) }),
      onRun: (i, v) => v.length && seen.set(i, v),
      onShrink: () => (shrinking = true),
    }).finally(() => service.close())
    // The runs counted: up to the first failure.
    for (const w of struck.slice(0, r.summary.runs)) addWindows(windows, w)
    windowRuns += r.summary.runs
    if (!r.counterexample) {
      row.firsts.push(runs + 1)
      row.ownJudge.push(false)
      continue
    }
    const first = r.summary.firstFailureRun!
    row.firsts.push(first)
    row.ownJudge.push((seen.get(first - 1) ?? []).some((v) => v.judge === m.catches))
    const needed = NEEDS[m.executor.name]
    if (needed) row.struckNeeded.push((struck[first - 1] ?? []).includes(needed))
    row.shrinkMs.push(r.counterexample.shrinkRealMs)
    row.left.push(`${r.counterexample.scenario.plan.length}/${r.counterexample.scenario.faults.length}`)
  }
  rows.push(row)
  const per = row.firsts.map((f, i) => (f > runs ? 'miss' : `${f}${row.ownJudge[i] ? '' : '*'}`)).join(' ')
  const shrink = row.shrinkMs.length
    ? `${Math.round(median(row.shrinkMs))}/${Math.round(Math.max(...row.shrinkMs))}`
    : '-'
  console.log(
    `${row.name.padEnd(30)} ${row.judge.padEnd(25)} ${per.padEnd(31)} ${String(median(row.firsts)).padStart(6)}  ${shrink.padStart(19)}  ${row.left.join(' ')}`,
  )
}

const medians = rows.map((r) => median(r.firsts))
const all = rows.flatMap((r) => r.firsts)
const missed = rows.flatMap((r) => r.firsts.flatMap((f, i) => (f > runs ? [`${r.name}@${seeds[i]}`] : [])))
const slowest = rows.map((r) => ({ name: r.name, ms: r.shrinkMs.length ? Math.max(...r.shrinkMs) : 0 }))
const worstShrink = slowest.reduce((a, b) => (b.ms > a.ms ? b : a), { name: '-', ms: 0 })
const otherJudge = rows.reduce((n, r) => n + r.ownJudge.filter((x, i) => !x && r.firsts[i]! <= runs).length, 0)
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

console.log('')
console.log(
  `* the first failing run did not show the mutant's own judge (${otherJudge} of ${all.length - missed.length} first failures)`,
)
console.log(
  `median runs to first failure: ${median(medians)} over the mutants' medians; ${median(all)} over every mutant and seed; worst mutant's median ${Math.max(...medians)}`,
)
console.log(
  `shrinking: slowest ${Math.round(worstShrink.ms)} ms (${worstShrink.name}); median of the mutants' medians ${Math.round(median(rows.filter((r) => r.shrinkMs.length).map((r) => median(r.shrinkMs))))} ms`,
)
const targets = [
  {
    ok: missed.length === 0,
    text: `every mutant caught on every seed within ${runs} runs${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`,
  },
  {
    ok: median(medians) <= TARGET_MEDIAN,
    text: `median runs to first failure over the zoo <= ${TARGET_MEDIAN} (${median(medians)})`,
  },
  {
    ok: worstShrink.ms <= TARGET_SHRINK_MS,
    text: `shrinking <= ${TARGET_SHRINK_MS} ms per mutant (slowest ${Math.round(worstShrink.ms)} ms)`,
  },
]
for (const t of targets) console.log(`${verdict(t.ok)}  ${t.text}`)

console.log('')
console.log(`timing windows over the runs above (every mutant and seed, up to its first failure):`)
console.log(renderTimingWindows(windowCounts(windows), windowRuns))
for (const r of rows.filter((r) => NEEDS[r.name]))
  console.log(
    `  ${r.name} needs ${NEEDS[r.name]}: its first failure struck it on ${r.struckNeeded.filter(Boolean).length} of ${r.struckNeeded.length} seed(s) caught`,
  )
process.exitCode = targets.every((t) => t.ok) ? 0 : 1
