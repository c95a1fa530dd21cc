// The second SES trap: "no lookup" read as "not
// there", so an ambiguous send is resent. A gate
// with SES (seed 1) catches it within 1,000 runs.
import { describe, expect, it } from 'vitest'
import sesResendsUnfindable, { catches } from '../../../executors/flawed/ses-resends-unfindable.ts'
import { search } from '../../../harness/campaign/search.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const GATE = { runs: 1_000, seed: 1 }

describe('ses-resends-unfindable', () => {
  it('is caught by duplicate-effect within 1,000 runs (seed 1, email=ses)', async () => {
    console.log(`ses-resends-unfindable: gate seed ${GATE.seed}, vendors stripe+ses`)
    const judges = new Set<string>()
    const result = await search(sesResendsUnfindable, {
      ...GATE,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ vendors: { payments: 'stripe', email: 'ses' } }),
      onRun: (_i, violations) => violations.forEach((v) => judges.add(v.judge)),
    })
    expect(result.counterexample, 'not caught in 1,000 runs').not.toBeNull()
    console.log(`first failure at run ${result.summary.firstFailureRun}; judges ${[...judges].join(', ')}`)
    expect([...judges]).toContain(catches)
    expect(result.counterexample!.scenario.vendors).toMatchObject({ email: 'ses' })
  }, 60_000)
})
