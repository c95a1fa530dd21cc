import { describe, expect, it } from 'vitest'
import { recoveryLatency as measured } from '../../../harness/judge/recovery-latency.ts'
import type { History } from '../../../harness/history/history.ts'

/** The latencies alone: when the clock starts and stops. */
const recoveryLatency = (h: History): number[] => measured(h).map((r) => r.ms)
import { history } from './history-builder.ts'

describe('recoveryLatency', () => {
  it('measures from the first fault to the first known outcome, skipping UNKNOWN', () => {
    const h = history()
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .at(200)
      .report('r/s1', 1, 'UNKNOWN')
      .at(700)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'after-receipt', 'server-fails-before-apply')
      .at(900)
      .callStarted('r/s1', 2)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(recoveryLatency(h)).toEqual([800])
  })

  it('counts FAILED_NO_EFFECT as a known outcome', () => {
    const h = history()
      .callStarted('r/s1')
      .at(10)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'before-send', 'connection-refused')
      .at(35)
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
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
      .at(5000)
      .report('r/s1', 1, 'UNKNOWN')
      .build()
    expect(recoveryLatency(h)).toEqual([])
  })

  it('does not measure from a known outcome reported before the fault', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .at(50)
      .report('r/s1', 1, 'SUCCEEDED')
      .at(100)
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'after-effect', 'reset-after-effect')
      .at(300)
      .report('r/s1', 2, 'SUCCEEDED')
      .build()
    expect(recoveryLatency(h)).toEqual([200])
  })

  it('gives one figure per faulted call, in call order', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'before-send', 'connection-refused')
      .at(10)
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .at(20)
      .attempt('r/s2', 2)
      .at(20)
      .report('r/s2', 1, 'SUCCEEDED') // no fault: not measured
      .callStarted('r/s3')
      .at(100)
      .attempt('r/s3', 3)
      .fault('r/s3', 3, 'in-transit', 'late-delivery')
      .at(1100)
      .report('r/s3', 1, 'FAILED_NO_EFFECT')
      .build()
    expect(recoveryLatency(h)).toEqual([10, 1000])
  })

  // Regression: order by history position, not by
  // virtual time (same-ms events).
  it('does not measure from a known outcome reported earlier at the same virtual ms', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .at(100)
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s1', 2)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'before-send', 'connection-refused')
      .at(400)
      .report('r/s1', 2, 'FAILED_NO_EFFECT')
      .build()
    expect(recoveryLatency(h)).toEqual([300])
  })

  it('names the class of the first fault that struck the call', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'gateway', 'gateway-timeout')
      .at(10)
      .attempt('r/s1', 2)
      .fault('r/s1', 2, 'response', 'error-response')
      .at(40)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(measured(h)).toEqual([{ kind: 'gateway-timeout', boundary: 'gateway', ms: 40 }])
  })

  // The pause from crash to boot is the nemesis's,
  // the same for every executor: a 25-hour pause
  // must not be the whole figure.
  it('leaves out the time no process of the executor ran', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'late-delivery')
      .at(100)
      .crashed(1, 'after-send')
      .at(90_000_100)
      .booted(2)
      .at(90_000_400)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(recoveryLatency(h)).toEqual([400])
  })

  it('counts a crash with the call in flight as a fault of the call (executor-crash @ executor), measured from the reboot', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .at(50)
      .crashed(1, 'after-send', 'r/s1')
      .at(3_600_050)
      .booted(2)
      .at(3_600_250)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(measured(h)).toEqual([{ kind: 'executor-crash', boundary: 'executor', ms: 200 }])
  })

  it('keeps the first fault when a crash comes after a request fault', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .at(10)
      .crashed(1, 'after-send', 'r/s1')
      .at(1_010)
      .booted(2)
      .at(1_100)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(measured(h)).toEqual([{ kind: 'reset-after-effect', boundary: 'after-effect', ms: 100 }])
  })
})
