import { describe, expect, it } from 'vitest'
import { unresolved } from '../../../harness/judge/unresolved.ts'
import { history } from './history-builder.ts'

describe('unresolved', () => {
  it('counts a call whose last report is UNKNOWN', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).report('r/s1', 1, 'UNKNOWN').build()
    expect(unresolved(h)).toEqual({ calls: 1, unresolved: 1 })
  })

  it('does not count a call that was UNKNOWN once and later reached a known outcome', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .report('r/s1', 1, 'UNKNOWN')
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(unresolved(h)).toEqual({ calls: 1, unresolved: 0 })
  })

  it('judges by the last report: SUCCEEDED then UNKNOWN is unresolved', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'UNKNOWN')
      .build()
    expect(unresolved(h)).toEqual({ calls: 1, unresolved: 1 })
  })

  it('counts only calls that got a report, across several calls', () => {
    const h = history()
      .callStarted('r/s1')
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .report('r/s2', 1, 'FAILED_NO_EFFECT')
      .callStarted('r/s3')
      .report('r/s3', 1, 'UNKNOWN')
      .callStarted('r/s4') // never reported (e.g. the executor hung)
      .attempt('r/s4', 4)
      .build()
    expect(unresolved(h)).toEqual({ calls: 3, unresolved: 1 })
  })

  it('is zero for an empty history', () => {
    expect(unresolved([])).toEqual({ calls: 0, unresolved: 0 })
  })
})
