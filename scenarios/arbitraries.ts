// fast-check arbitraries that generate scenarios: a plan of 1–3 refunds, a
// few faults (each with its boundary and the side-effecting request it
// strikes), the model's behaviour, the services' settings and the seed.
// Everything shrinks toward "fewer faults, simpler plan, earlier attempt".
import fc from 'fast-check'
import type { Fault } from '../harness/faults/catalogue.ts'
import type { PlanStep, Scenario, SeededPaymentIntent } from '../harness/run/scenario.ts'

/** Orders the generated plans refund, each paid by its own payment intent (500.00 EUR). */
export const ORDERS = [
  { order_id: 'ORD-1042', payment_intent: 'pi_ord1042' },
  { order_id: 'ORD-2077', payment_intent: 'pi_ord2077' },
  { order_id: 'ORD-3150', payment_intent: 'pi_ord3150' },
] as const

const AMOUNTS = [49.9, 12.5, 120, 7.99] as const

export const PAYMENT_INTENTS: readonly SeededPaymentIntent[] = ORDERS.map((o) => ({ id: o.payment_intent, amount: 50_000, currency: 'eur' }))

export interface ScenarioArbitraryOptions {
  /** At most this many faults per scenario (default 3). */
  readonly maxFaults?: number
  /** Attempts a fault may target: 1..maxAttempt (default 4: most runs make 1–4 side-effecting requests). */
  readonly maxAttempt?: number
}

const step = fc.record({ order: fc.nat({ max: ORDERS.length - 1 }), amount: fc.constantFrom(...AMOUNTS) })

export function faultArbitrary(maxAttempt = 4): fc.Arbitrary<Fault> {
  const attempt = fc.integer({ min: 1, max: maxAttempt })
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('connection-refused' as const), boundary: fc.constant('before-send' as const), attempt }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('server-fails-before-apply' as const),
        boundary: fc.constant('after-receipt' as const),
        attempt,
        mode: fc.constantFrom('reset' as const, '503' as const),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('reset-after-effect' as const), boundary: fc.constant('after-effect' as const), attempt }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('withhold-after-effect' as const), boundary: fc.constant('after-effect' as const), attempt }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('late-delivery' as const),
        boundary: fc.constant('in-transit' as const),
        attempt,
        delayMs: fc.integer({ min: 0, max: 30_000 }),
      }),
    },
  )
}

export function scenarioArbitrary(options: ScenarioArbitraryOptions = {}): fc.Arbitrary<Scenario> {
  const { maxFaults = 3, maxAttempt = 4 } = options
  return fc
    .record({
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      steps: fc.array(step, { minLength: 1, maxLength: 3 }),
      faults: fc.uniqueArray(faultArbitrary(maxAttempt), { maxLength: maxFaults, selector: (f) => f.attempt }),
      maxAsks: fc.integer({ min: 1, max: 3 }),
      regenerateArgs: fc.boolean(),
      turnBudgetMs: fc.constantFrom(45_000, 30_000, 20_000),
      processingMs: fc.constantFrom(20, 250),
    })
    .map(
      (g): Scenario => ({
        version: 1,
        name: 'generated',
        seed: g.seed,
        turnBudgetMs: g.turnBudgetMs,
        plan: g.steps.map(
          (s, i): PlanStep => ({
            stepId: `s${i + 1}`,
            tool: 'issue_refund',
            args: { payment_intent: ORDERS[s.order]!.payment_intent, amount: s.amount, currency: 'eur', order_id: ORDERS[s.order]!.order_id },
          }),
        ),
        faults: [...g.faults].sort((a, b) => a.attempt - b.attempt),
        model: { maxAsks: g.maxAsks, regenerateArgs: g.regenerateArgs },
        // Only the payment intents the plan uses, so a shrunk scenario reads short.
        services: { payments: { processingMs: g.processingMs, paymentIntents: PAYMENT_INTENTS.filter((pi) => g.steps.some((s) => ORDERS[s.order]!.payment_intent === pi.id)) } },
      }),
    )
}
