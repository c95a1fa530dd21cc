import { describe, expect, it } from 'vitest'
import {
  addWindows,
  LAST_SECONDS_MS,
  timingWindows,
  windowCounts,
  type TimingWindow,
} from '../../../harness/campaign/timing-windows.ts'
import { history } from '../judge/history-builder.ts'

const C = 'run-1/s1'
const D = 'run-1/s2'

/** A send held in the network, then a probe of `probeCall`, then the send lands. */
function lateSendThenProbe(probeCall: string) {
  return history()
    .runStartedWithDeadline(45_000)
    .callStarted(C)
    .attempt(C, 1)
    .fault(C, 1, 'in-transit', 'late-delivery')
    .at(8_000)
    .callStarted(D)
    .attempt(probeCall, 2, true)
    .answered(probeCall, 2, 200)
    .at(9_000)
    .delivered(1)
    .effect(C, 1, 're_1')
    .response(1)
    .lost(1)
    .runEnded()
    .build()
}

describe('timing windows', () => {
  it('strikes probe-while-in-network when a probe of the call is answered before its late send lands', () => {
    expect(timingWindows(lateSendThenProbe(C))).toEqual(['probe-while-in-network'])
  })

  it('does not when the probe is another call’s', () => {
    expect(timingWindows(lateSendThenProbe(D))).toEqual([])
  })

  it('does not when the held send is never delivered (a miss is then the truth)', () => {
    const h = history()
      .runStartedWithDeadline(45_000)
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'in-transit', 'late-delivery')
      .attempt(C, 2, true)
      .answered(C, 2, 200)
      .runEnded()
      .build()
    expect(timingWindows(h)).toEqual([])
  })

  it('does not when the send was not struck in transit (a slow service is not the network)', () => {
    const h = history()
      .runStartedWithDeadline(45_000)
      .callStarted(C)
      .attempt(C, 1)
      .attempt(C, 2, true)
      .answered(C, 2, 200)
      .delivered(1)
      .effect(C, 1, 're_1')
      .runEnded()
      .build()
    expect(timingWindows(h)).toEqual([])
  })

  it('does not when the probe is answered after the effect landed', () => {
    const h = history()
      .runStartedWithDeadline(45_000)
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'after-effect', 'reset-after-effect')
      .delivered(1)
      .effect(C, 1, 're_1')
      .lost(1)
      .answered(C, 1, null, null, 'ECONNRESET')
      .attempt(C, 2, true)
      .answered(C, 2, 200)
      .runEnded()
      .build()
    expect(timingWindows(h)).toEqual([])
  })

  it('does not count a probe that got no answer (a probe timeout)', () => {
    const h = history()
      .runStartedWithDeadline(45_000)
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'in-transit', 'late-delivery')
      .attempt(C, 2, true)
      .fault(C, 2, 'probe', 'probe-timeout')
      .at(9_000)
      .delivered(1)
      .effect(C, 1, 're_1')
      .runEnded()
      .build()
    expect(timingWindows(h)).toEqual([])
  })

  it(`strikes last-seconds-check when a call acts in the turn's last ${LAST_SECONDS_MS} ms, not before nor after the deadline`, () => {
    const at = (t: number, deadline = 20_000) =>
      timingWindows(history().runStartedWithDeadline(deadline).at(t).callStarted(C).runEnded().build())
    expect(at(20_000 - LAST_SECONDS_MS)).toEqual(['last-seconds-check'])
    expect(at(19_999)).toEqual(['last-seconds-check'])
    expect(at(20_000 - LAST_SECONDS_MS - 1)).toEqual([])
    expect(at(20_000)).toEqual([])
  })

  it('reads the deadline of the turn in force (a compensation turn has its own)', () => {
    const h = history()
      .runStartedWithDeadline(20_000)
      .at(18_000)
      .turn(38_000)
      .attempt('run-1/#abort', 1)
      .runEnded()
      .build()
    expect(timingWindows(h)).toEqual([])
    const late = history()
      .runStartedWithDeadline(20_000)
      .at(18_000)
      .turn(38_000)
      .at(36_000)
      .attempt('run-1/#abort', 1)
      .runEnded()
      .build()
    expect(timingWindows(late)).toEqual(['last-seconds-check'])
  })

  it('ignores requests outside any call (a recovery)', () => {
    const h = history().runStartedWithDeadline(20_000).at(19_000).attempt(null, 1).answered(null, 1, 200).runEnded()
    expect(timingWindows(h.build())).toEqual([])
  })

  it('counts runs per window, every window listed in order', () => {
    const into = new Map<TimingWindow, number>()
    addWindows(into, ['probe-while-in-network', 'last-seconds-check'])
    addWindows(into, ['last-seconds-check'])
    addWindows(into, [])
    expect(windowCounts(into)).toEqual([
      { window: 'probe-while-in-network', runs: 1 },
      { window: 'last-seconds-check', runs: 2 },
    ])
    expect(windowCounts(new Map())).toEqual([
      { window: 'probe-while-in-network', runs: 0 },
      { window: 'last-seconds-check', runs: 0 },
    ])
  })
})
