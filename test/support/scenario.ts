// Small builders for hand-written scenarios in tests.
import type { Fault } from '../../harness/faults/catalogue.ts'
import type { Scenario } from '../../harness/scenario/scenario.ts'

export function refundScenario(overrides: Partial<Scenario> & { faults?: readonly Fault[] } = {}): Scenario {
  return {
    version: 2,
    name: 'test',
    seed: 7,
    turnBudgetMs: 45_000,
    plan: [
      {
        stepId: 's1',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'ORD-1' },
      },
    ],
    faults: [],
    model: { maxAsks: 3, regenerateArgs: true },
    services: { payments: { processingMs: 20, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] } },
    ...overrides,
  }
}
