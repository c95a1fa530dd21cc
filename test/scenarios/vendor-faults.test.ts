// A campaign with other vendors draws only what
// they can give, and names them in each scenario.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Fault } from '../../harness/faults/catalogue.ts'
import type { PlanStep } from '../../harness/scenario/scenario.ts'
import { parseScenario } from '../../harness/scenario/scenario.ts'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'
import { faithfulToVendors } from '../../scenarios/vendor-faults.ts'

const PLAN: PlanStep[] = [
  { stepId: 's1', tool: 'issue_refund', args: {} },
  { stepId: 's2', tool: 'send_email', args: {} },
]
const conflict = (step: string): Fault => ({ kind: 'error-response', boundary: 'response', step, send: 1, status: 409 })

describe('faults a vendor can give', () => {
  it('a 409 key-in-use on a keyless e-mail vendor is its 503; on payments it stays', () => {
    const faults = [conflict('s1'), conflict('s2'), conflict('#abort')]
    const got = faithfulToVendors(faults, PLAN, { payments: 'stripe', email: 'ses' })
    expect(got.map((f) => (f.kind === 'error-response' ? f.status : null))).toEqual([409, 503, 503])
    // Stripe + Resend: every draw stands.
    expect(faithfulToVendors(faults, PLAN, { payments: 'stripe', email: 'resend' })).toBe(faults)
  })

  it('generated scenarios name their vendors, parse, and never strike a keyless service with a 409', () => {
    const seed = 25
    console.log(`vendor draws: seed ${seed}`)
    const vendors = { payments: 'square', email: 'sendgrid' } as const
    const sample = fc.sample(scenarioArbitrary({ vendors }), { seed, numRuns: 300 })
    let emailErrors = 0
    for (const s of sample) {
      expect(s.vendors).toEqual(vendors)
      expect(parseScenario(s).ok).toBe(true)
      expect(s.services.email?.mode).toBeUndefined()
      const email = new Set(s.plan.filter((p) => p.tool === 'send_email').map((p) => p.stepId))
      for (const f of s.faults) {
        if (f.kind !== 'error-response' || !(email.has(f.step) || f.step === '#abort')) continue
        emailErrors++
        expect(f.status).not.toBe(409)
      }
    }
    expect(emailErrors).toBeGreaterThan(10)
  })

  it('Stripe + Resend scenarios say nothing of vendors (saved scenarios read as before)', () => {
    for (const s of fc.sample(scenarioArbitrary(), { seed: 25, numRuns: 50 })) expect(s).not.toHaveProperty('vendors')
  })
})
