import { describe, expect, it } from 'vitest'
import { permanentErrorRetried } from '../../../harness/judge/permanent-error-retried.ts'
import { history } from './history-builder.ts'

describe('permanentErrorRetried', () => {
  it.each([400, 422])('fires when the same request is resent by the same process after a %i', (status) => {
    const h = history()
      .callStarted('r/s1')
      .at(10)
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .fault('r/s1', 1, 'after-receipt', 'error-response')
      .answered('r/s1', 1, status)
      .at(500)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 1 })
      .build()
    const found = permanentErrorRetried(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'permanent-error-retried',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-receipt'],
    })
    expect(found[0]?.message).toContain('attempt 2 resent')
    expect(found[0]?.message).toContain(`attempt 1 had been refused with ${status}`)
  })

  it('fires when a later ask of the same process sends it again, and says the model asked again', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 1, 400)
      .at(20)
      .callStarted('r/s1', 2) // a model that ignores retry_safe: false
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 1 })
      .build()
    expect(permanentErrorRetried(h).map((v) => v.message)).toEqual([
      'r/s1: ask 2 sent again (attempt 2) the request refused with 400 in ask 1 (attempt 1): the model asked again, and the process that was told did not remember the refusal',
    ])
  })

  // A body-stall on the 400: Square's SDK
  // timed out reading it, never saw a status.
  it('does not fire when the refusal was lost on its way (its body stalled or cut): the process was never told', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 1, 400)
      .lost(1, 'the body stalled until the client gave up')
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 1 })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
    // Told on the resend, a third is blamed.
    const told = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 1, 400)
      .lost(1)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 2, 400)
      .attemptWith('r/s1', 3, { fingerprint: 'fp-A', generation: 1 })
      .build()
    expect(permanentErrorRetried(told).map((v) => v.message)).toEqual([
      'r/s1: attempt 3 resent the request that attempt 2 had been refused with 400',
    ])
  })

  it('does not fire when the resent request differs (a different fingerprint)', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-B' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire when the process that was told crashed and its successor resends (a different generation)', () => {
    const h = history()
      .booted(1)
      .callStarted('r/s1', 1)
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 1, 422)
      .crashed(1, 'after-answer', 'r/s1')
      .turn(60_000)
      .booted(2)
      .callStarted('r/s1', 2)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 2 })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('still fires when the successor, having been refused itself, resends again', () => {
    const h = history()
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A', generation: 1 })
      .answered('r/s1', 1, 400)
      .crashed(1)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A', generation: 2 })
      .answered('r/s1', 2, 400)
      .attemptWith('r/s1', 3, { fingerprint: 'fp-A', generation: 2 })
      .build()
    const found = permanentErrorRetried(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('attempt 3 resent')
    expect(found[0]?.message).toContain('attempt 2 had been refused')
  })

  it.each([409, 429, 503, 500, 404])('does not fire after a %i, which is not a permanent refusal', (status) => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, status)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire after a network error (no status)', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, null, null, 'ECONNRESET')
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire for a probe sent after the refusal', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .attemptWith('r/s1', 2, { probe: true, fingerprint: 'fp-A' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire when a refused probe is followed by a mutation with the same fingerprint', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { probe: true, fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire for the same request sent by another call', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .callStarted('r/s2')
      .attemptWith('r/s2', 2, { fingerprint: 'fp-A' })
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('does not fire for a copy sent before the refusal arrived', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .answered('r/s1', 2, 400)
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })

  it('reports a call once, however many times it resends', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 400)
      .attemptWith('r/s1', 2, { fingerprint: 'fp-A' })
      .answered('r/s1', 2, 400)
      .attemptWith('r/s1', 3, { fingerprint: 'fp-A' })
      .build()
    const found = permanentErrorRetried(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('attempt 2 resent')
  })

  it('does not fire when no request follows the refusal', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { fingerprint: 'fp-A' })
      .answered('r/s1', 1, 422)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(permanentErrorRetried(h)).toEqual([])
  })
})
