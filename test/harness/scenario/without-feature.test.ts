import { describe, expect, it } from 'vitest'
import { parseScenario, type Scenario } from '../../../harness/scenario/scenario.ts'
import { withoutFeature } from '../../../harness/scenario/without-feature.ts'

/** A refund and an e-mail under `profile`. */
function scenario(profile: string[], services: Record<string, unknown> = {}): Scenario {
  const parsed = parseScenario({
    version: 2,
    name: 'a refund and its receipt',
    seed: 7,
    profile,
    turnBudgetMs: 30_000,
    plan: [
      {
        stepId: 's1',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 5, currency: 'eur', order_id: 'o-1' },
      },
      {
        stepId: 's2',
        tool: 'send_email',
        args: { to: 'a@shop.test', subject: 'Refund', body: 'Done', order_id: 'o-1' },
      },
    ],
    faults: [],
    model: { maxAsks: 2, regenerateArgs: false },
    services: {
      payments: { processingMs: 20, paymentIntents: [{ id: 'pi_1', amount: 1_000, currency: 'eur' }] },
      email: { processingMs: 20 },
      ...services,
    },
  })
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.value
}

const volatilePayments = {
  payments: {
    processingMs: 20,
    keyStore: 'volatile',
    paymentIntents: [{ id: 'pi_1', amount: 1_000, currency: 'eur' }],
  },
}

describe('withoutFeature', () => {
  it('drops a feature and leaves the others, the profile field gone with the last one', () => {
    const two = scenario(['stripe-retry-after', 'deadline-forwarding'])
    expect(withoutFeature(two, 'stripe-retry-after')?.profile).toEqual(['deadline-forwarding'])
    const one = withoutFeature(two, 'deadline-forwarding')!
    expect(withoutFeature(one, 'stripe-retry-after')).not.toHaveProperty('profile')
  })

  it('is null for a feature the scenario does not have', () => {
    expect(withoutFeature(scenario(['stripe-retry-after']), 'volatile-keys')).toBeNull()
    expect(withoutFeature(scenario([]), 'volatile-keys')).toBeNull()
  })

  it('puts volatile key stores back to durable, the vendors’ own', () => {
    const s = scenario(['volatile-keys'], { ...volatilePayments, email: { processingMs: 20, keyStore: 'volatile' } })
    const fewer = withoutFeature(s, 'volatile-keys')!
    expect(fewer.services.payments).not.toHaveProperty('keyStore')
    expect(fewer.services.email).not.toHaveProperty('keyStore')
    expect(fewer.services.payments.paymentIntents).toEqual(s.services.payments.paymentIntents)
  })

  it.each([
    ['email-lookup', 'idempotent+probe', ['email-lookup'], undefined],
    ['email-without-keys', 'neither', ['email-without-keys'], undefined],
    ['email-lookup', 'probe-only', ['email-lookup', 'email-without-keys'], 'neither'],
    ['email-without-keys', 'probe-only', ['email-lookup', 'email-without-keys'], 'idempotent+probe'],
  ] as const)('without %s, e-mail mode %s becomes %s', (feature, mode, profile, after) => {
    const s = scenario([...profile], { email: { processingMs: 20, mode } })
    expect(withoutFeature(s, feature)?.services.email?.mode).toBe(after)
  })

  it('leaves the scenario it was given as it was', () => {
    const s = scenario(['volatile-keys'], volatilePayments)
    const before = JSON.stringify(s)
    withoutFeature(s, 'volatile-keys')
    expect(JSON.stringify(s)).toBe(before)
  })
})
