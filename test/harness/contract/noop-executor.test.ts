import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { describe, expect, it } from 'vitest'
import { noopExecutor } from '../../../harness/contract/noop-executor.ts'
import { checkEnvelope } from '../../../harness/contract/validate.ts'
import { search } from '../../../harness/campaign/search.ts'

describe('no-op executor', () => {
  it('is never judged a violator: honest inaction is not a lie', async () => {
    const result = await search(noopExecutor, {
      runs: 50,
      seed: 9,
      stopAtFirstFailure: true,
      generator: scenarioGenerator(),
    })
    expect(result.counterexample).toBeNull()
    expect(result.summary.requests).toBe(0)
  })
})

describe('checkEnvelope', () => {
  it('accepts an envelope and rejects what is not one, naming the field', () => {
    expect(
      checkEnvelope({ status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'x', message: 'y' }).ok,
    ).toBe(true)
    const bad = checkEnvelope({ status: 'OK', retry_safe: false })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.problem).toMatch(/status must be one of/)
    expect(checkEnvelope(undefined).ok).toBe(false)
    expect(checkEnvelope({ status: 'SUCCEEDED', retry_safe: 'yes' }).ok).toBe(false)
  })
})
