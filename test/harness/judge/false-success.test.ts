import { describe, expect, it } from 'vitest'
import { falseSuccess } from '../../../harness/judge/false-success.ts'
import { history } from './history-builder.ts'

describe('falseSuccess', () => {
  it('fires when SUCCEEDED is reported but the ledger has no effect for the call', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-receipt', 'server-fails-before-apply')
      .response(1, 503)
      .at(40)
      .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_made_up' })
      .build()
    const found = falseSuccess(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'false-success',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-receipt'],
    })
    expect(found[0]?.message).toContain('40 ms')
  })

  it('fires once per call even when SUCCEEDED is reported on several asks', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(falseSuccess(h)).toHaveLength(1)
  })

  it('fires for the call without an effect even if another call has one', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .attempt('r/s2', 2)
      .effect('r/s2', 2, 're_1')
      .report('r/s2', 1, 'SUCCEEDED')
      .build()
    expect(falseSuccess(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  // A key made from the arguments merged two
  // steps; the finding said only "no effect".
  it("says when the call's answer was a replay of another call's same request, and what to do", () => {
    const merged = (fingerprint: string) =>
      history()
        .callStarted('r/s1')
        .attempt('r/s1', 1)
        .effect('r/s1', 1, 're_1')
        .response(1)
        .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
        .callStarted('r/s2')
        .attempt('r/s2', 2, false, fingerprint)
        .response(2, 200, true)
        .report('r/s2', 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
        .build()
    const [found] = falseSuccess(merged('refund-body'))
    expect(found?.call).toBe('r/s2')
    expect(found?.message).toMatch(
      /no effect for it; its request was answered as a replay of r\/s1's, the same request under the same key: .*identity: 'per-run'/,
    )
    // Another body replayed: not that request's.
    expect(falseSuccess(merged('another-body'))[0]?.message).toMatch(/no effect for it$/)
  })

  it('does not fire when the call has its effect', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .response(1)
      .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
      .build()
    expect(falseSuccess(h)).toEqual([])
  })

  it('does not fire when the effect lands after the report (judged at the end of the run)', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'late-delivery')
      .at(100)
      .report('r/s1', 1, 'SUCCEEDED')
      .at(900)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(falseSuccess(h)).toEqual([])
  })

  it('does not fire for FAILED_NO_EFFECT or UNKNOWN without an effect', () => {
    const h = history()
      .callStarted('r/s1')
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .callStarted('r/s2')
      .report('r/s2', 1, 'UNKNOWN')
      .build()
    expect(falseSuccess(h)).toEqual([])
  })
})
