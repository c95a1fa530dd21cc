import { describe, expect, it } from 'vitest'
import { duplicateEffect } from '../../../harness/judge/duplicate-effect.ts'
import { history } from './history-builder.ts'

describe('duplicateEffect', () => {
  it('fires when a retry after a lost response applies the effect a second time', () => {
    const h = history()
      .runStarted()
      .callStarted('r/s1')
      .at(10)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .lost(1)
      .at(500)
      .attempt('r/s1', 2)
      .delivered(2)
      .effect('r/s1', 2, 're_2')
      .response(2)
      .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_2' })
      .build()

    const found = duplicateEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'duplicate-effect',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-effect'],
    })
    expect(found[0]?.message).toContain('2 effects')
    expect(found[0]?.message).toContain('re_1 by attempt 1')
    expect(found[0]?.message).toContain('re_2 by attempt 2')
  })

  it('names the asks when the effects came in more than one: one tool call is every ask of its step', () => {
    const twice = (secondAsk: number) =>
      duplicateEffect(
        history()
          .callStarted('r/s1', 1)
          .attempt('r/s1', 1)
          .effect('r/s1', 1, 're_1')
          .callStarted('r/s1', secondAsk)
          .attempt('r/s1', 2)
          .effect('r/s1', 2, 're_2')
          .build(),
      )[0]!.message
    expect(twice(2)).toBe(
      'r/s1: 2 effects for one tool call, over 2 asks of the model (re_1 by attempt 1 in ask 1, re_2 by attempt 2 in ask 2)',
    )
    // One ask, two sends: as before.
    expect(twice(1)).toBe('r/s1: 2 effects for one tool call (re_1 by attempt 1, re_2 by attempt 2)')
  })

  it("says when the effects were a day or more apart: one key may have outlived the vendor's 24 h", () => {
    const apart = (ms: number) =>
      duplicateEffect(
        history()
          .callStarted('r/s1', 1)
          .attempt('r/s1', 1)
          .effect('r/s1', 1, 're_1')
          .at(ms)
          .callStarted('r/s1', 2)
          .attempt('r/s1', 2)
          .effect('r/s1', 2, 're_2')
          .build(),
      )[0]!.message
    expect(apart(25 * 3_600_000)).toMatch(
      /over 2 asks of the model \(re_1 by attempt 1 in ask 1, re_2 by attempt 2 in ask 2\); 25 h apart: if one idempotency key went with both, it had outlived its vendor's memory \(Stripe and Resend keep a key 24 h, .*look the effect up before resending after a long pause$/,
    )
    expect(apart(23 * 3_600_000)).toMatch(/by attempt 2 in ask 2\)$/)
  })

  it('fires even when the second effect comes from a later ask of the same call', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'UNKNOWN')
      .at(2000)
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .effect('r/s1', 2, 're_2')
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(duplicateEffect(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('counts every effect of the call in the message (three effects, one violation)', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .attempt('r/s1', 2)
      .effect('r/s1', 2, 're_2')
      .attempt('r/s1', 3)
      .effect('r/s1', 3, 're_3')
      .build()
    const found = duplicateEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('3 effects')
  })

  it('does not fire for two effects that belong to two different calls', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .attempt('r/s2', 2)
      .effect('r/s2', 2, 're_2')
      .report('r/s2', 1, 'SUCCEEDED')
      .build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('does not fire when the retry is answered by an idempotent replay (one effect)', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .lost(1)
      .attempt('r/s1', 2)
      .delivered(2)
      .response(2, 200, true)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('does not attribute effects made outside any tool call', () => {
    const h = history().attempt(null, 1).effect(null, 1, 're_1').attempt(null, 2).effect(null, 2, 're_2').build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('reports each duplicated call separately', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .attempt('r/s1', 2)
      .effect('r/s1', 2, 're_2')
      .callStarted('r/s2')
      .attempt('r/s2', 3)
      .effect('r/s2', 3, 're_3')
      .attempt('r/s2', 4)
      .effect('r/s2', 4, 're_4')
      .build()
    expect(
      duplicateEffect(h)
        .map((v) => v.call)
        .sort(),
    ).toEqual(['r/s1', 'r/s2'])
  })
})
