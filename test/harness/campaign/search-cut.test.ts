// A campaign drawn lazily and cut short: a huge
// --runs costs nothing until run, an aborted
// signal stops the drawing with the runs made
// (the same runs as an uncut campaign's first
// ones), and a failure found before the cut is
// still the counterexample, marked not shrunk.
import { describe, expect, it } from 'vitest'
import { naive } from '../../../executors/naive.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { search, type SearchResult } from '../../../harness/campaign/search.ts'
import { shrink } from '../../../harness/campaign/shrink.ts'
import { compare } from '../../../harness/campaign/compare.ts'
import { shardRunCount } from '../../../harness/campaign/shard.ts'
import { gateReport, reportCounterexample, reportSummary } from '../../../harness/campaign/report.ts'
import { REPORT_SCHEMA } from '../../../harness/campaign/report-schema.ts'
import { cutOf, loadFailedCut, maxTimeCut, signalCut } from '../../../harness/jobs/cut.ts'
import { asService, type RunService } from '../../../harness/supervisor/run-service.ts'
// As a custom RunService throws it: the public one.
import { ServiceUnavailable } from '../../../faultline/index.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 3)

describe('a campaign cut short', () => {
  it('draws a billion runs lazily and stops at the signal, with the runs an uncut campaign makes first', async () => {
    const generator = scenarioGenerator()
    const stop = new AbortController()
    const cut = await search(reference, {
      runs: 1_000_000_000,
      seed: SEED,
      stopAtFirstFailure: true,
      generator,
      signal: stop.signal,
      onRun: (i) => i >= 29 && stop.abort(maxTimeCut(1000)),
    })
    expect(cut.cut).toBe(true)
    expect(cut.summary.runs).toBeGreaterThanOrEqual(30)
    expect(cut.summary.runs).toBeLessThan(40)
    expect(cut.runs.map((r) => r.index)).toEqual([...Array(cut.summary.runs).keys()])
    const whole = await search(reference, { runs: cut.summary.runs, seed: SEED, stopAtFirstFailure: true, generator })
    expect(whole.cut).toBe(false)
    expect(JSON.stringify(whole.runs)).toBe(JSON.stringify(cut.runs))
    expect(JSON.stringify(reportSummary(whole.summary))).toBe(JSON.stringify(reportSummary(cut.summary)))
  })

  it('keeps no run records with keepRuns false, and the same summary', async () => {
    const generator = scenarioGenerator()
    const kept = await search(reference, { runs: 25, seed: SEED, stopAtFirstFailure: true, generator })
    const flat = await search(reference, { runs: 25, seed: SEED, stopAtFirstFailure: true, generator, keepRuns: false })
    expect(kept.runs).toHaveLength(25)
    expect(flat.runs).toHaveLength(0)
    expect(JSON.stringify(reportSummary(flat.summary))).toBe(JSON.stringify(reportSummary(kept.summary)))
  })

  it('reports a failure found before the interrupt as the counterexample, not shrunk, and never a pass', async () => {
    const generator = scenarioGenerator()
    const stop = new AbortController()
    const result = await search(naive, {
      runs: 200,
      seed: SEED,
      stopAtFirstFailure: true,
      generator,
      signal: stop.signal,
      onRun: (_i, violations) => violations.length > 0 && stop.abort(signalCut('SIGINT')),
    })
    const whole = await search(naive, { runs: 200, seed: SEED, stopAtFirstFailure: true, generator })
    const c = result.counterexample!
    expect(result.cut).toBe(true)
    expect(c.cut).toBe(true)
    expect(c.reproduced).toBe(false)
    expect(c.shrinks).toBe(0)
    expect(c.path).toBe(whole.counterexample!.path)
    expect(c.violations.length).toBeGreaterThan(0)
    expect(c.scenario.name).toContain('not shrunk')
    const executor = { spec: 'naive', name: result.summary.executor }
    const report = gateReport({
      campaign: {
        seed: SEED,
        runs: 200,
        profile: 'vendor',
        faultline: 'test',
        corpus: null,
        judges: null,
        shard: null,
      },
      executor,
      summary: reportSummary(result.summary),
      counterexample: reportCounterexample(c, executor, { cwd: '.', corpus: null, replayPrefix: 'npx faultline' }),
      corpus: [],
      minCoverage: [],
      runs: result.runs,
      cut: cutOf(stop.signal),
    })
    expect(report.passed).toBe(false)
    expect(report.cut).toEqual({ by: 'interrupted', signal: 'SIGINT', maxTimeMs: null })
    expect(report.counterexample?.cut).toBe(true)
    expect(REPORT_SCHEMA.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true)
  })

  it('stops shrinking where it is when cut mid-shrink, keeping the smallest failing candidate found', async () => {
    const generator = scenarioGenerator()
    const stop = new AbortController()
    let shrinking = false
    const whole = await search(naive, { runs: 200, seed: SEED, stopAtFirstFailure: true, generator })
    // Abort once shrinking has run a few candidates.
    const inner = asService(naive)
    let candidates = 0
    const result = await search(
      {
        executorName: inner.executorName,
        concurrency: 1,
        run: (s, o) => {
          if (shrinking && ++candidates === 4) stop.abort(maxTimeCut(5))
          return inner.run(s, o)
        },
        close: () => inner.close(),
      },
      {
        runs: 200,
        seed: SEED,
        stopAtFirstFailure: true,
        generator,
        signal: stop.signal,
        onShrink: () => (shrinking = true),
      },
    )
    const c = result.counterexample!
    expect(result.cut).toBe(true)
    expect(result.summary.runs).toBe(whole.summary.runs)
    expect(c.cut).toBe(true)
    expect(c.reproduced).toBe(true)
    expect(c.history).not.toBeNull()
    expect(c.shrinks).toBeLessThan(whole.counterexample!.shrinks)
    expect(c.scenario.name).toContain('partly shrunk')
    expect(c.violations.some((v) => v.judge === c.judge)).toBe(true)
  })
})

/** `inner`, refusing every run after its first `runs` (a module gone). */
function goneAfter(inner: RunService, runs: number): RunService {
  let made = 0
  return {
    executorName: inner.executorName,
    concurrency: 1,
    run: async (s, o) => {
      if (++made > runs) throw new ServiceUnavailable('cannot load executor module x.ts: gone')
      return inner.run(s, o)
    },
    close: () => inner.close(),
  }
}

/** naive's campaign, then again with its service gone after `made(whole)` runs. */
async function naiveGone(made: (whole: SearchResult) => number, stopAtFirstFailure: boolean) {
  const generator = scenarioGenerator()
  const whole = await search(naive, { runs: 200, seed: SEED, stopAtFirstFailure: true, generator })
  const gone = goneAfter(asService(naive), made(whole))
  const result = await search(gone, { runs: 200, seed: SEED, stopAtFirstFailure, generator })
  return { whole, result }
}

describe('a campaign whose service stops running (its module no longer loads)', () => {
  it('ends on the runs made, names why, and never passes; clean runs are no counterexample', async () => {
    const generator = scenarioGenerator()
    const result = await search(goneAfter(asService(reference), 12), {
      runs: 50,
      seed: SEED,
      stopAtFirstFailure: true,
      generator,
    })
    expect(result.unavailable).toBe('cannot load executor module x.ts: gone')
    expect(result.cut).toBe(true)
    expect(result.summary.runs).toBe(12)
    expect(result.runs.map((r) => r.index)).toEqual([...Array(12).keys()])
    expect(result.counterexample).toBeNull()
    const whole = await search(reference, { runs: 12, seed: SEED, stopAtFirstFailure: true, generator })
    expect(whole.unavailable).toBeNull()
    expect(JSON.stringify(reportSummary(result.summary))).toBe(JSON.stringify(reportSummary(whole.summary)))
    const executor = { spec: 'reference', name: result.summary.executor }
    const report = gateReport({
      campaign: { seed: SEED, runs: 50, profile: 'vendor', faultline: 'test', corpus: null, judges: null, shard: null },
      executor,
      summary: reportSummary(result.summary),
      counterexample: null,
      corpus: [],
      minCoverage: [],
      runs: result.runs,
      cut: loadFailedCut(result.unavailable!),
    })
    expect(report.passed).toBe(false)
    expect(REPORT_SCHEMA.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true)
  })

  it('keeps a failure found before, not replayed, as the counterexample', async () => {
    const { whole, result } = await naiveGone((w) => Number(w.counterexample!.path) + 3, false)
    const first = Number(whole.counterexample!.path)
    const c = result.counterexample!
    expect(result.unavailable).toContain('gone')
    expect(result.summary.runs).toBe(first + 3)
    expect(c.path).toBe(String(first))
    expect(c.cut).toBe(true)
    expect(c.reproduced).toBe(false)
    expect(c.shrinks).toBe(0)
    expect(c.violations.length).toBeGreaterThan(0)
  })

  it('stops shrinking where it is when the service goes mid-shrink', async () => {
    // The campaign's runs, then 5 candidates.
    const { whole, result } = await naiveGone((w) => w.summary.runs + 5, true)
    const c = result.counterexample!
    expect(result.unavailable).toContain('gone')
    expect(result.cut).toBe(true)
    expect(result.summary.runs).toBe(whole.summary.runs)
    expect(c.cut).toBe(true)
    expect(c.shrinks).toBeLessThan(whole.counterexample!.shrinks)
    expect(c.violations.some((v) => v.judge === c.judge)).toBe(true)
  })
})

describe('a service gone under shrink and pass^k', () => {
  it('shrink with no one to tell throws the error, as before (the mapping audit)', async () => {
    const generator = scenarioGenerator()
    const whole = await search(naive, { runs: 200, seed: SEED, stopAtFirstFailure: true, generator })
    const index = Number(whole.counterexample!.path)
    const gone = goneAfter(asService(naive), 2)
    await expect(shrink(gone, generator.arbitrary, SEED, index, whole.counterexample!.judge)).rejects.toThrow(
      ServiceUnavailable,
    )
  })

  it('compare: a row whose pass^k finds the service gone is cut, with why, and ends the comparison', async () => {
    const generator = scenarioGenerator()
    const rows = await compare([async () => goneAfter(asService(reference), 10), async () => asService(reference)], {
      runs: 10,
      seed: SEED,
      k: 2,
      passKScenarios: 3,
      generator,
    })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.cut).toBe(true)
    expect(rows[0]!.unavailable).toContain('gone')
    expect(rows[0]!.summary.runs).toBe(10)
    expect(rows[0]!.passKRuns).toEqual([])
  })
})

describe('shardRunCount', () => {
  it('counts the runs of a shard as listing them would', () => {
    for (const runs of [0, 1, 2, 7, 30, 31])
      for (const total of [1, 2, 3, 7])
        for (let index = 1; index <= total; index++) {
          const listed = [...Array(runs).keys()].filter((i) => i % total === index - 1).length
          expect(shardRunCount(runs, { index, total })).toBe(listed)
        }
    expect(shardRunCount(1_000_000_000, null)).toBe(1_000_000_000)
    expect(shardRunCount(1_000_000_000, { index: 3, total: 7 })).toBe(142_857_143)
  })
})

describe('cutOf', () => {
  it('reads our reasons, a timeout as a time budget, anything else as an interruption', () => {
    const a = new AbortController()
    expect(cutOf(a.signal)).toBeNull()
    a.abort(signalCut('SIGTERM', 500))
    expect(cutOf(a.signal)).toEqual({ by: 'interrupted', signal: 'SIGTERM', maxTimeMs: 500 })
    const b = new AbortController()
    b.abort()
    expect(cutOf(b.signal)).toEqual({ by: 'interrupted', signal: null, maxTimeMs: null })
    const t = new AbortController()
    t.abort(new DOMException('timed out', 'TimeoutError'))
    expect(cutOf(t.signal)).toEqual({ by: 'max-time', signal: null, maxTimeMs: null })
  })
})
