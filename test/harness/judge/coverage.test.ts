import { describe, expect, it } from 'vitest'
import { coverage } from '../../../harness/judge/coverage.ts'
import { history } from './history-builder.ts'

const C = 'run-1/s1'

describe('coverage', () => {
  it('is empty when nothing struck', () => {
    const h = history()
      .runStarted()
      .callStarted(C)
      .attempt(C, 1)
      .delivered(1)
      .effect(C, 1, 're_1')
      .response(1)
      .answered(C, 1, 200)
      .report(C, 1, 'SUCCEEDED')
      .runEnded()
      .build()
    expect(coverage(h)).toEqual([])
  })

  it('counts a reset after the effect as an effect landed while the client saw an error, and its probe-then-success as an unknown reconciled', () => {
    const h = history()
      .runStarted()
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'after-effect', 'reset-after-effect')
      .delivered(1)
      .effect(C, 1, 're_1')
      .response(1)
      .lost(1)
      .answered(C, 1, null, null, 'ECONNRESET')
      .at(500)
      .attempt(C, 2, true)
      .answered(C, 2, 200)
      .report(C, 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
      .runEnded()
      .build()
    expect(coverage(h)).toEqual([
      {
        kind: 'reset-after-effect',
        boundary: 'after-effect',
        tool: 'issue_refund',
        struck: 1,
        effectWhileError: 1,
        unknownReconciled: 1,
        crashInFlight: 0,
      },
    ])
  })

  it('does not count an effect the client saw succeed, nor a call that stayed UNKNOWN', () => {
    const h = history()
      .runStarted()
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'in-transit', 'latency')
      .delivered(1)
      .effect(C, 1, 're_1')
      .answered(C, 1, 200)
      .callStarted('run-1/s2', 1, 'send_email')
      .attempt('run-1/s2', 2)
      .fault('run-1/s2', 2, 'after-effect', 'reset-after-effect')
      .effect('run-1/s2', 2, 'em_1')
      .answered('run-1/s2', 2, null, null, 'ECONNRESET')
      .attempt('run-1/s2', 3, true)
      .report('run-1/s2', 1, 'UNKNOWN')
      .runEnded()
      .build()
    const cells = coverage(h)
    expect(cells.map((c) => [c.kind, c.tool, c.struck, c.effectWhileError, c.unknownReconciled])).toEqual([
      ['latency', 'issue_refund', 1, 0, 0], // the client got its 200
      ['reset-after-effect', 'send_email', 1, 1, 0], // probed, but never settled
    ])
  })

  it('counts an UNKNOWN settled on a later ask, and a replayed answer to a same-key resend, as reconciled', () => {
    const viaAsk = history()
      .runStarted()
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'gateway', 'gateway-timeout')
      .answered(C, 1, 504)
      .report(C, 1, 'UNKNOWN')
      .callStarted(C, 2)
      .report(C, 2, 'SUCCEEDED')
      .runEnded()
      .build()
    expect(coverage(viaAsk)[0]).toMatchObject({ kind: 'gateway-timeout', unknownReconciled: 1, effectWhileError: 0 })
    const viaReplay = history()
      .runStarted()
      .callStarted(C)
      .attempt(C, 1)
      .fault(C, 1, 'after-effect', 'reset-after-effect')
      .effect(C, 1, 're_1')
      .answered(C, 1, null, null, 'ECONNRESET')
      .attempt(C, 2)
      .response(2, 200, true)
      .answered(C, 2, 200)
      .report(C, 1, 'SUCCEEDED')
      .runEnded()
      .build()
    expect(coverage(viaReplay)[0]).toMatchObject({ unknownReconciled: 1, effectWhileError: 1 })
  })

  it('counts a crash with a side-effecting request in flight, and not one after its answer', () => {
    const inFlight = history()
      .runStarted()
      .booted(1)
      .callStarted(C)
      .attempt(C, 1)
      .crashed(1, 'after-send #1', C)
      .answered(C, 1, 200)
      .runEnded()
      .build()
    expect(coverage(inFlight)).toEqual([
      {
        kind: 'executor-crash',
        boundary: 'executor',
        tool: 'issue_refund',
        struck: 1,
        effectWhileError: 0,
        unknownReconciled: 0,
        crashInFlight: 1,
      },
    ])
    const answered = history()
      .runStarted()
      .booted(1)
      .callStarted(C)
      .attempt(C, 1)
      .answered(C, 1, 200)
      .crashed(1, 'after-response #1', C)
      .runEnded()
      .build()
    expect(coverage(answered)[0]).toMatchObject({ struck: 1, crashInFlight: 0 })
    const probeOnly = history()
      .runStarted()
      .booted(1)
      .callStarted(C)
      .attempt(C, 1, true)
      .crashed(1, 'after-send #1', C)
      .runEnded()
      .build()
    expect(coverage(probeOnly)[0]).toMatchObject({ crashInFlight: 0 }) // a read in flight changes nothing
  })

  it('sorts cells by kind, boundary and tool, attributing strikes outside any call to (none) and a compensation to abort', () => {
    const h = history()
      .runStarted()
      .fault(null, 9, 'before-send', 'dns-failure')
      .fault('run-1#abort', 8, 'probe', 'probe-timeout')
      .callStarted(C)
      .fault(C, 1, 'before-send', 'connection-refused')
      .fault(C, 2, 'before-send', 'connection-refused')
      .runEnded()
      .build()
    expect(coverage(h).map((c) => `${c.kind}/${c.tool}/${c.struck}`)).toEqual([
      'connection-refused/issue_refund/2',
      'dns-failure/(none)/1',
      'probe-timeout/abort/1',
    ])
  })
})
