import { describe, expect, it } from 'vitest'
import { retryBeforeRetryAfter } from '../../../harness/judge/retry-before-retry-after.ts'
import { history } from './history-builder.ts'

// r/s1's attempt 1 (process 1) gets Retry-After
// 1000 ms at t = 100: that process may not send
// the mutation to payments again before t = 1100.
const throttled = (status = 429) =>
  history()
    .booted(1)
    .callStarted('r/s1')
    .at(0)
    .attemptWith('r/s1', 1, { generation: 1 })
    .fault('r/s1', 1, 'after-receipt', 'error-response')
    .at(100)
    .answered('r/s1', 1, status, 1000)

describe('retryBeforeRetryAfter', () => {
  it('fires for the next mutation of the same call and process 1 ms before t + Retry-After', () => {
    const h = throttled().at(1099).attemptWith('r/s1', 2, { generation: 1 }).build()
    const found = retryBeforeRetryAfter(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'retry-before-retry-after',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-receipt'],
    })
    expect(found[0]?.message).toBe(
      'r/s1: attempt 2 went to payments at 1099 ms, before 1100 ms, as the Retry-After on attempt 1 from payments asked',
    )
  })

  it('fires for an immediate retry after a 503 with Retry-After', () => {
    const h = throttled(503).at(100).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire for the next mutation exactly at t + Retry-After', () => {
    const h = throttled().at(1100).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for probes in between, nor for the mutation that waits', () => {
    const h = throttled()
      .at(200)
      .attemptWith('r/s1', 2, { probe: true, generation: 1 })
      .answered('r/s1', 2, 404)
      .at(600)
      .attemptWith('r/s1', 3, { probe: true, generation: 1 })
      .answered('r/s1', 3, 404)
      .at(1100)
      .attemptWith('r/s1', 4, { generation: 1 })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for a mutation by another process (the one that was told crashed)', () => {
    const h = throttled()
      .at(150)
      .crashed(1, 'after-answer', 'r/s1')
      .turn(60_000)
      .booted(2)
      .at(200)
      .attemptWith('r/s1', 2, { generation: 2 })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for another call to the same service (another operation: at worst refused in turn)', () => {
    const h = throttled().callStarted('r/s2').at(200).attemptWith('r/s2', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('fires for the same call asked again by the model within the window', () => {
    const h = throttled().callStarted('r/s1', 2).at(300).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire for a mutation to another service', () => {
    const h = throttled()
      .callStarted('r/s2', 1, 'send_email')
      .at(200)
      .attemptWith('r/s2', 2, { generation: 1, service: 'email', path: '/emails' })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it("holds mutations to a probe's Retry-After too: the service asked the client to hold off", () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1, { probe: true })
      .at(100)
      .answered('r/s1', 1, 429, 1000)
      .at(200)
      .attemptWith('r/s1', 2)
      .build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire when the error carried no Retry-After', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1)
      .at(100)
      .answered('r/s1', 1, 503, null)
      .at(101)
      .attemptWith('r/s1', 2)
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for a mutation sent before the Retry-After arrived', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1)
      .at(50)
      .attemptWith('r/s1', 2)
      .at(100)
      .answered('r/s1', 1, 429, 1000)
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('holds the call to the latest Retry-After', () => {
    const h = throttled()
      .at(1100)
      .attemptWith('r/s1', 2, { generation: 1 })
      .at(1200)
      .answered('r/s1', 2, 429, 2000)
      .at(3199)
      .attemptWith('r/s1', 3, { generation: 1 })
      .build()
    const found = retryBeforeRetryAfter(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('attempt 3 went to payments at 3199 ms, before 3200 ms')
  })

  it('reports a service once per process', () => {
    const h = throttled()
      .at(200)
      .attemptWith('r/s1', 2, { generation: 1 })
      .at(300)
      .attemptWith('r/s1', 3, { generation: 1 })
      .build()
    expect(retryBeforeRetryAfter(h)).toHaveLength(1)
  })

  it('within an abort, holds the same compensation request, not the compensation of another step', () => {
    const aborting = () =>
      history()
        .booted(1)
        .callStarted('r#abort', 1, 'send_email')
        .at(0)
        .attemptWith('r#abort', 1, {
          generation: 1,
          service: 'email',
          path: '/emails',
          fingerprint: 'correction-of-s1',
        })
        .at(100)
        .answered('r#abort', 1, 429, 2000)
    expect(
      retryBeforeRetryAfter(
        aborting()
          .at(200)
          .attemptWith('r#abort', 2, {
            generation: 1,
            service: 'email',
            path: '/emails',
            fingerprint: 'correction-of-s2',
          })
          .build(),
      ),
    ).toEqual([])
    expect(
      retryBeforeRetryAfter(
        aborting()
          .at(200)
          .attemptWith('r#abort', 2, {
            generation: 1,
            service: 'email',
            path: '/emails',
            fingerprint: 'correction-of-s1',
          })
          .build(),
      ).map((v) => v.call),
    ).toEqual(['r#abort'])
  })
})
