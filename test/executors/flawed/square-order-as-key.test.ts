// The Square trap: the order as the key, and
// IDEMPOTENCY_KEY_REUSED read as "already
// charged". A hand-written plan shows the
// mistake; a Square gate finds it by itself.
import { describe, expect, it } from 'vitest'
import squareOrderAsKey, { catches } from '../../../executors/flawed/square-order-as-key.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { gate } from '../../../faultline/index.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

// Two charges of one order: 49.90, then 12.50.
const twoCharges = refundScenario({
  vendors: { payments: 'square' },
  plan: [
    { stepId: 's1', tool: 'charge_card', args: { order_id: 'ORD-1042', amount: 49.9, currency: 'eur' } },
    { stepId: 's2', tool: 'charge_card', args: { order_id: 'ORD-1042', amount: 12.5, currency: 'eur' } },
  ],
})

async function outcomes(executor: Executor) {
  const { history } = await runScenario(twoCharges, executor)
  return {
    effects: eventsOf(history, 'effect-applied').map((e) => e.amount),
    reported: eventsOf(history, 'outcome-reported').map((e) => e.envelope.status),
    violations: judge(history).violations.map((v) => v.judge),
  }
}

describe('square-order-as-key', () => {
  it('the reference charges both; the trap reports the second done, charged once', async () => {
    expect(await outcomes(reference)).toEqual({
      effects: [4990, 1250],
      reported: ['SUCCEEDED', 'SUCCEEDED'],
      violations: [],
    })
    const trap = await outcomes(squareOrderAsKey)
    expect(trap.effects).toEqual([4990])
    expect(trap.reported).toEqual(['SUCCEEDED', 'SUCCEEDED'])
    expect(trap.violations).toContain(catches)
  })

  it(`a gate with Square catches it by ${catches} within 1,000 runs (seed 1)`, async () => {
    const seed = 1
    console.log(`square-order-as-key gate, payments=square: seed ${seed}`)
    const report = await gate({
      executor: 'executors/flawed/square-order-as-key.ts',
      runs: 1_000,
      seed,
      vendors: 'payments=square',
      corpus: false,
    })
    expect(report.passed).toBe(false)
    const caught = report.counterexample
    console.log(`caught by ${caught?.judge} in run ${caught?.run}`)
    expect(caught?.judge).toBe(catches)
    expect(caught?.run).toBeLessThanOrEqual(1_000)
  }, 120_000)
})
