// The SES trap: the official SDK at its defaults
// inside the reference. A gate with SES as the
// e-mail vendor (seed 1) catches it within 1,000
// runs, by duplicate-effect.
import { describe, expect, it } from 'vitest'
import sesSdkRetries, { catches } from '../../../executors/flawed/ses-sdk-retries.ts'
import { search } from '../../../harness/campaign/search.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const GATE = { runs: 1_000, seed: 1 }
const vendors = { payments: 'stripe', email: 'ses' } as const

describe('ses-sdk-retries', () => {
  it('declares SES (its mistake is SES-only) and names its judge', async () => {
    expect(await sesSdkRetries.declare()).toMatchObject({ vendors: expect.arrayContaining(['ses']) })
    expect(catches).toBe('duplicate-effect')
  })

  it('is caught by duplicate-effect within 1,000 runs (seed 1, email=ses)', async () => {
    console.log(`ses-sdk-retries: gate seed ${GATE.seed}, vendors stripe+ses`)
    const judges = new Set<string>()
    const result = await search(sesSdkRetries, {
      ...GATE,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ vendors }),
      onRun: (_i, violations) => violations.forEach((v) => judges.add(v.judge)),
    })
    expect(result.counterexample, 'not caught in 1,000 runs').not.toBeNull()
    console.log(
      `first failure at run ${result.summary.firstFailureRun}; judges ${[...judges].join(', ')}; minimal: ${JSON.stringify(result.counterexample!.scenario.faults)}`,
    )
    expect([...judges]).toContain(catches)
    expect(result.counterexample!.scenario.vendors).toMatchObject({ email: 'ses' })
    // The SDK's jitter and invocation ids are
    // seeded: the same scenario, the same history.
    const again = async () =>
      JSON.stringify((await runScenario(result.counterexample!.scenario, sesSdkRetries)).history)
    expect(await again()).toBe(await again())
  }, 60_000)
})
