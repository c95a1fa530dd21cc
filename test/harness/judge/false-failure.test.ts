import { describe, expect, it } from 'vitest'
import { falseFailure } from '../../../harness/judge/false-failure.ts'
import { history } from './history-builder.ts'

describe('falseFailure', () => {
  it('fires when a late-arriving effect of an earlier attempt lands after the FAILED report', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'late-delivery')
      .at(5000)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .at(6000)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .lost(1, 'delivered after the client gave up')
      .build()
    const found = falseFailure(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'false-failure',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['in-transit'],
    })
    expect(found[0]?.message).toContain('attempt 1')
    expect(found[0]?.message).toContain('5000 ms')
    expect(found[0]?.message).toContain('6000 ms')
  })

  it('fires when the effect was already applied before the FAILED report (response lost)', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .lost(1)
      .at(10)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(falseFailure(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('fires on a later ask whose FAILED report ignores an effect of an earlier ask', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'UNKNOWN')
      .at(1000)
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'FAILED_NO_EFFECT')
      .build()
    const found = falseFailure(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('ask 2')
  })

  it('reports a call once even when it is falsely failed on two asks', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'FAILED_NO_EFFECT')
      .build()
    expect(falseFailure(h)).toHaveLength(1)
  })

  it('does not fire when the effect came from an attempt sent AFTER the FAILED report', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'before-send', 'connection-refused')
      .at(1)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .at(1000)
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .delivered(2)
      .effect('r/s1', 2, 're_1')
      .response(2)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(falseFailure(h)).toEqual([])
  })

  it('does not fire when FAILED_NO_EFFECT is true', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-receipt', 'server-fails-before-apply')
      .response(1, 503)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(falseFailure(h)).toEqual([])
  })

  it('does not fire for an UNKNOWN report, even with an effect', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'UNKNOWN')
      .build()
    expect(falseFailure(h)).toEqual([])
  })

  it("does not blame a call for another call's effect", () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .callStarted('r/s2')
      .attempt('r/s2', 2)
      .effect('r/s2', 2, 're_1')
      .report('r/s2', 1, 'SUCCEEDED')
      .build()
    expect(falseFailure(h)).toEqual([])
  })
})
