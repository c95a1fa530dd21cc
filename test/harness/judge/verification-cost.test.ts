import { describe, expect, it } from 'vitest'
import { verificationCost } from '../../../harness/judge/verification-cost.ts'
import { history } from './history-builder.ts'

describe('verificationCost', () => {
  it('is zero for an empty history', () => {
    expect(verificationCost(history().build())).toEqual({ calls: 0, probes: 0, extraAttempts: 0 })
  })

  it('costs nothing beyond the call itself for one clean attempt', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .answered('r/s1', 1, 200)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 0, extraAttempts: 0 })
  })

  it('counts probes and the side-effecting attempts beyond the first', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .attempt('r/s1', 2, true)
      .attempt('r/s1', 3)
      .attempt('r/s1', 4, true)
      .attempt('r/s1', 5)
      .build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 2, extraAttempts: 2 })
  })

  // A probe's team read PayPal's token as a look.
  it('does not count a token fetched as a probe', () => {
    const h = history()
      .callStarted('r/s1')
      .add({
        type: 'attempt-sent',
        attempt: 1,
        call: 'r/s1',
        service: 'payments',
        method: 'POST',
        path: '/v1/oauth2/token',
        probe: true,
        setup: true,
        mutation: 0,
        fingerprint: 'token',
        generation: 1,
        forwardedDeadline: null,
      })
      .attempt('r/s1', 2)
      .attempt('r/s1', 3, true)
      .build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 1, extraAttempts: 0 })
  })

  it('sums over calls, with extra attempts counted per call (not over the run)', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .attempt('r/s1', 2, true)
      .callStarted('r/s2')
      .attempt('r/s2', 3)
      .callStarted('r/s3')
      .attempt('r/s3', 4)
      .attempt('r/s3', 5)
      .build()
    // Per run, three mutations in three calls would be
    // 2 extras; per call only r/s3 has one.
    expect(verificationCost(h)).toEqual({ calls: 3, probes: 1, extraAttempts: 1 })
  })

  it('counts a call that only probed (found its effect already there) with no extra attempt', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1, true).attempt('r/s1', 2, true).build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 2, extraAttempts: 0 })
  })

  it('leaves out the abort call', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .abortRequested('r')
      .attempt('r#abort', 2, true)
      .attempt('r#abort', 3)
      .attempt('r#abort', 4)
      .build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 0, extraAttempts: 0 })
  })

  it('leaves out calls that sent no request', () => {
    const h = history()
      .callStarted('r/s1')
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .callStarted('r/s2')
      .attempt('r/s2', 1)
      .build()
    expect(verificationCost(h).calls).toBe(1)
  })

  it('leaves out requests made outside any call (e.g. during recovery)', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).attempt(null, 2, true).attempt(null, 3).build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 0, extraAttempts: 0 })
  })

  it('counts attempts of every ask of a call together', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attempt('r/s1', 1)
      .report('r/s1', 1, 'UNKNOWN')
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2, true)
      .attempt('r/s1', 3)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(verificationCost(h)).toEqual({ calls: 1, probes: 1, extraAttempts: 1 })
  })
})
