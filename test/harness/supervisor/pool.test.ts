// The supervisor's workers: any number gives the
// same result, runs replay byte for byte, and a dead
// worker's run is still a history judges can read.
import { bundledRef } from '../../../executors/index.ts'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deathHistory, inFlight } from '../../../harness/supervisor/death.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import type { HistoryEvent } from '../../../harness/history/history.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { cli } from '../../faultline/cli/cli.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 5)

describe('parallel campaigns', () => {
  it('gate --json is byte-identical for --workers 1 and --workers 2, passing or failing', async () => {
    console.log(`workers determinism: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    // stripe-sdk-defaults leaves retries behind when
    // its runs end: they end between runs, anywhere.
    for (const executor of ['naive', 'reference', 'single-unspaced-probe', 'stripe-sdk-defaults']) {
      const one = await cli([
        'gate',
        '--executor',
        executor,
        '--runs',
        '120',
        '--seed',
        String(SEED),
        '--workers',
        '1',
        '--json',
        '--no-corpus',
      ])
      const two = await cli([
        'gate',
        '--executor',
        executor,
        '--runs',
        '120',
        '--seed',
        String(SEED),
        '--workers',
        '2',
        '--json',
        '--no-corpus',
      ])
      expect(two.code).toBe(one.code)
      expect(two.out).toBe(one.out)
    }
  })
})

describe('worker pool', () => {
  it('gives the same history when the journal overflows and the rest of the events go by message', async () => {
    const scenarios = campaignScenarios(scenarioArbitrary(), SEED, 12)
    const roomy = await WorkerPool.open(bundledRef('reference'))
    const cramped = await WorkerPool.open(bundledRef('reference'), { budgets: { journalBytes: 1_500 } })
    try {
      let overflowed = 0
      for (const scenario of scenarios) {
        const a = await roomy.run(scenario)
        const b = await cramped.run(scenario)
        if (JSON.stringify(a.history).length > 1_500) overflowed++ // the overflow path was taken
        expect(JSON.stringify(b.history)).toBe(JSON.stringify(a.history))
      }
      expect(overflowed).toBeGreaterThan(3)
    } finally {
      await Promise.all([roomy.close(), cramped.close()])
    }
  })

  it('replays a scenario byte for byte, in one worker or another', async () => {
    const pool = await WorkerPool.open(bundledRef('reference'), { workers: 2 })
    try {
      const scenarios = fc.sample(scenarioArbitrary(), { seed: SEED, numRuns: 20 })
      const first = await Promise.all(scenarios.map((s) => pool.run(s)))
      const again = await Promise.all(scenarios.map((s) => pool.run(s)))
      for (let i = 0; i < scenarios.length; i++)
        expect(JSON.stringify(again[i]!.history)).toBe(JSON.stringify(first[i]!.history))
      expect(Object.isFrozen(first[0]!.history)).toBe(true)
      expect(Object.isFrozen(first[0]!.history[0])).toBe(true)
    } finally {
      await pool.close()
    }
  })
})

describe("a dead worker's history", () => {
  const events: HistoryEvent[] = [
    { seq: 0, t: 0, type: 'run-started', executor: 'x', scenario: 's', seed: 1, deadline: 45_000, profile: [] },
    { seq: 1, t: 0, type: 'call-started', call: 'run-1/s1', tool: 'issue_refund', ask: 1, args: {} },
    {
      seq: 2,
      t: 10,
      type: 'outcome-reported',
      call: 'run-1/s1',
      ask: 1,
      envelope: { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'x', message: 'x' },
    },
    { seq: 3, t: 10, type: 'call-started', call: 'run-1/s2', tool: 'issue_refund', ask: 1, args: {} },
  ]

  it("names the call in flight, ends with the finding and the run's end, frozen", () => {
    expect(inFlight(events)).toBe('run-1/s2')
    expect(inFlight(events.slice(0, 3))).toBeNull()
    const h = deathHistory(events, { kind: 'overran', ms: 1_500 })
    expect(h.slice(-2)).toEqual([
      {
        seq: 4,
        t: 10,
        type: 'executor-fault',
        call: 'run-1/s2',
        problem: 'hung',
        message: expect.stringContaining('within 1.5 s of real time'),
      },
      { seq: 5, t: 10, type: 'run-ended', pendingTimers: 0 },
    ])
    expect(Object.isFrozen(h.at(-2))).toBe(true)
    // "twice" only when the run was replayed before it
    // was reported (shrinking does not replay).
    expect((h.at(-2) as { message: string }).message).not.toContain('twice')
    expect((deathHistory(events, { kind: 'overran', ms: 1_500 }, 2).at(-2) as { message: string }).message).toContain(
      '1.5 s of real time, twice',
    )
    expect(deathHistory(events, { kind: 'out-of-memory', mb: 64 }).at(-2)).toMatchObject({ problem: 'out-of-memory' })
    expect(deathHistory(events, { kind: 'exited', how: 'it ended its process: process.exit(0)' }).at(-2)).toMatchObject(
      { problem: 'exited', message: 'it ended its process: process.exit(0)' },
    )
  })

  it('an abort in flight is named as the abort', () => {
    const abort: HistoryEvent[] = [
      ...events.slice(0, 3),
      { seq: 3, t: 10, type: 'abort-requested', run: 'run-1', reason: 'x' },
    ]
    expect(inFlight(abort)).toBe('run-1#abort')
  })
})

describe('generation', () => {
  it('run i of a campaign is the value fast-check replays at path i (what shrinking starts from)', async () => {
    const arbitrary = scenarioArbitrary()
    const generated = campaignScenarios(arbitrary, SEED, 60)
    expect(generated).toHaveLength(60)
    for (const i of [0, 9, 10, 37, 59]) {
      let replayed: unknown = null
      await fc.check(
        fc.asyncProperty(arbitrary, async (s) => {
          replayed ??= s
          return false
        }),
        { seed: SEED, path: String(i), numRuns: i + 1 },
      )
      expect(replayed).toEqual(generated[i])
    }
  })
})
