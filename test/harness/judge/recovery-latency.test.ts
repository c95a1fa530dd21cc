import { describe, expect, it } from 'vitest'
import { recoveryLatency } from '../../../harness/judge/recovery-latency.ts'
import { history } from './history-builder.ts'

describe('recoveryLatency', () => {
  it('measures from the first fault to the first known outcome, skipping UNKNOWN', () => {
    const h = history()
      .callStarted('r/s1')
      .at(100).attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .at(200).report('r/s1', 1, 'UNKNOWN')
      .at(700).attempt('r/s1', 2)
      .fault('r/s1', 2, 'after-receipt', 'server-fails-before-apply')
      .at(900).callStarted('r/s1', 2)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(recoveryLatency(h)).toEqual([800])
  })

  it('counts FAILED_NO_EFFECT as a known outcome', () => {
    const h = history()
      .callStarted('r/s1')
      .at(10).attempt('r/s1', 1)
      .fault('r/s1', 1, 'before-send', 'connection-refused')
      .at(35).report('r/s1', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(recoveryLatency(h)).toEqual([25])
  })

  it('ignores calls no fault struck', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).at(50).report('r/s1', 1, 'SUCCEEDED').build()
    expect(recoveryLatency(h)).toEqual([])
  })

  it('leaves out faulted calls that never reached a known outcome', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'withhold-after-effect')
      .at(5000).report('r/s1', 1, 'UNKNOWN')
      .build()
    expect(recoveryLatency(h)).toEqual([])
  })

  it('does not measure from a known outcome reported before the fault', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .at(50).report('r/s1', 1, 'SUCCEEDED')
      .at(100).callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'after-effect', 'reset-after-effect')
      .at(300).report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(recoveryLatency(h)).toEqual([200])
  })

  it('gives one figure per faulted call, in call order', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0).attempt('r/s1', 1).fault('r/s1', 1, 'before-send', 'connection-refused')
      .at(10).report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .at(20).attempt('r/s2', 2)
      .at(20).report('r/s2', 1, 'SUCCEEDED') // no fault: not measured
      .callStarted('r/s3')
      .at(100).attempt('r/s3', 3).fault('r/s3', 3, 'in-transit', 'late-delivery')
      .at(1100).report('r/s3', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(recoveryLatency(h)).toEqual([10, 1000])
  })

  // Regression: order by history position, not by virtual time (same-ms events).
  it('does not measure from a known outcome reported earlier at the same virtual ms', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .at(100).report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'before-send', 'connection-refused')
      .at(400).report('r/s1', 2, 'FAILED_NO_EFFECT')
      .build()
    expect(recoveryLatency(h)).toEqual([300])
  })
})
