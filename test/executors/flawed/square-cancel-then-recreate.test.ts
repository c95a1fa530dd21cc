// The second Square trap: Square's own recipe
// for an unknown CreatePayment (cancel by the
// key, then create again) with a new key: a
// charge still in the network lands twice.
import { describe, expect, it } from 'vitest'
import squareCancelThenRecreate, { catches } from '../../../executors/flawed/square-cancel-then-recreate.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { gate } from '../../../faultline/index.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

// The first CreatePayment is 41 s in the
// network: the client gives up, every look
// (and cancel) misses it, then it lands.
const held = refundScenario({
  vendors: { payments: 'square' },
  plan: [{ stepId: 's1', tool: 'charge_card', args: { order_id: 'ORD-1042', amount: 49.9, currency: 'eur' } }],
  faults: [{ kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 41_000 }],
})

async function outcome(executor: Executor) {
  const { history } = await runScenario(held, executor)
  return {
    cancels: eventsOf(history, 'attempt-sent').filter((e) => e.path === '/v2/payments/cancel').length,
    charges: eventsOf(history, 'effect-applied').length,
    violations: judge(history).violations.map((v) => v.judge),
  }
}

describe('square-cancel-then-recreate', () => {
  it('the reference never cancels and charges once; the trap cancels nothing and charges twice', async () => {
    expect(await outcome(reference)).toMatchObject({ cancels: 0, violations: [] })
    expect((await outcome(reference)).charges).toBeLessThanOrEqual(1)
    const trap = await outcome(squareCancelThenRecreate)
    expect(trap.cancels).toBeGreaterThan(0)
    expect(trap.charges).toBe(2)
    expect(trap.violations).toContain(catches)
  })

  it(`a gate with Square catches it by ${catches} within 1,000 runs (seed 1)`, async () => {
    const seed = 1
    console.log(`square-cancel-then-recreate gate, payments=square: seed ${seed}`)
    const report = await gate({
      executor: 'executors/flawed/square-cancel-then-recreate.ts',
      runs: 1_000,
      seed,
      vendors: 'payments=square',
      corpus: false,
    })
    const caught = report.counterexample
    console.log(`caught by ${caught?.judge} in run ${caught?.run}`)
    expect(report.passed).toBe(false)
    expect(caught?.judge).toBe(catches)
    expect(caught?.run).toBeLessThanOrEqual(1_000)
  }, 120_000)
})
