import { describe, expect, it } from 'vitest'
import { attribute, gaveUpRow, rowOf, rowsMet } from '../../../harness/audit/attribute.ts'
import type { Violation } from '../../../harness/judge/finding.ts'
import { HistoryBuilder } from '../judge/history-builder.ts'
import { refundScenario } from '../../support/scenario.ts'

const CALL = 'run-7/s1'
const falseFailure: Violation = {
  judge: 'false-failure',
  call: CALL,
  tool: 'issue_refund',
  boundaries: ['after-effect'],
  message: 'reported FAILED_NO_EFFECT',
}

describe('which matrix row a fault stands for', () => {
  it('reads the variant from the fault, and what reached the client from the history', () => {
    expect(
      rowOf(
        { kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 1000 },
        504,
        false,
      ),
    ).toBe('gateway-timeout.finishes')
    expect(rowOf({ kind: 'error-response', boundary: 'response', step: 's1', send: 2, status: 409 }, 409, false)).toBe(
      'error-response.409',
    )
    expect(rowOf({ kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 100 }, 200, false)).toBe(
      'latency.slow-success',
    )
    expect(rowOf({ kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 30_100 }, null, false)).toBe(
      'latency.past-timeout',
    )
    expect(rowOf({ kind: 'probe-timeout', boundary: 'probe', step: 's1', probe: 1 }, null, true)).toBe(
      'probe-timeout.after-effect',
    )
    expect(rowOf({ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }, null, true)).toBe(
      'reset-after-effect',
    )
  })
})

describe('attributing a violation to a dangerous cell', () => {
  // A refund reset after the effect, resent, refused
  // with a 400: reported "not done".
  const scenario = refundScenario({
    faults: [
      { kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 },
      { kind: 'error-response', boundary: 'response', step: 's1', send: 2, status: 400 },
    ],
  })
  const history = new HistoryBuilder()
    .runStarted()
    .callStarted(CALL)
    .attempt(CALL, 1)
    .fault(CALL, 1, 'after-effect', 'reset-after-effect')
    .at(20)
    .effect(CALL, 1, 're_1')
    .at(300)
    .attempt(CALL, 2)
    .fault(CALL, 2, 'response', 'error-response')
    .answered(CALL, 2, 400)
    .build()

  it('finds the rows the call met, in order, by the n-th send each fault addresses', () => {
    expect(rowsMet(scenario, history, CALL)).toEqual(['reset-after-effect', 'error-response.400'])
  })

  it('attributes it to a dangerous row whose consequence shows as that judge, and to nothing else', () => {
    expect(attribute(scenario, history, [falseFailure], new Map([['reset-after-effect', 'duplicate-effect']]))).toEqual(
      [{ case: 'reset-after-effect', judge: 'false-failure', call: CALL }],
    )
    // A not-sent reading of a reset causes no false success.
    expect(
      attribute(
        scenario,
        history,
        [{ ...falseFailure, judge: 'false-success' }],
        new Map([['reset-after-effect', 'duplicate-effect']]),
      ),
    ).toEqual([])
    // Not dangerous in this mapping: nothing to attribute to.
    expect(attribute(scenario, history, [falseFailure], new Map())).toEqual([])
  })

  it('counts a 409 no fault made as the key found in flight', () => {
    const h = new HistoryBuilder()
      .runStarted()
      .callStarted(CALL)
      .attempt(CALL, 1)
      .attempt(CALL, 2)
      .answered(CALL, 2, 409)
      .build()
    expect(rowsMet(refundScenario(), h, CALL)).toEqual(['key-in-use.in-flight'])
  })

  it('leaves an e-mail call alone where the e-mail service answers in its own words', () => {
    const h = new HistoryBuilder()
      .runStarted()
      .callStarted('run-7/s1', 1, 'send_email')
      .attempt(CALL, 1)
      .fault(CALL, 1, 'response', 'error-response')
      .answered(CALL, 1, 409)
      .build()
    const s = refundScenario({
      faults: [{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 409 }],
    })
    expect(attribute(s, h, [falseFailure], new Map([['error-response.409', 'false-failure']]))).toEqual([])
  })
})

describe('a request its client gave up on', () => {
  const gateway = refundScenario({
    faults: [
      { kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 30_000 },
    ],
  })
  // The client's 10 s timeout comes before the 504;
  // the upstream applies at 31 s.
  const timedOut = (how: string) =>
    new HistoryBuilder()
      .runStarted()
      .callStarted(CALL)
      .attempt(CALL, 1)
      .fault(CALL, 1, 'gateway', 'gateway-timeout')
      .at(10_000)
      .gaveUp(1, how)
      .at(31_000)
      .effect(CALL, 1, 're_1')
      .build()

  it('files a timeout before the 504 under the client timeouts, not the gateway row', () => {
    expect(rowsMet(gateway, timedOut('TimeoutError'), CALL)).toEqual(['latency.past-timeout'])
    expect(
      attribute(
        gateway,
        timedOut('TimeoutError'),
        [falseFailure],
        new Map([['latency.past-timeout', 'false-failure']]),
      ),
    ).toEqual([{ case: 'latency.past-timeout', judge: 'false-failure', call: CALL }])
  })

  it('files a give-up no fault made (a slow service) by how the client left', () => {
    const slow = (how: string) =>
      new HistoryBuilder()
        .runStarted()
        .callStarted(CALL)
        .attempt(CALL, 1)
        .at(1_000)
        .gaveUp(1, how)
        .at(2_000)
        .effect(CALL, 1, 're_1')
        .build()
    expect(rowsMet(refundScenario(), slow('UND_ERR_HEADERS_TIMEOUT'), CALL)).toEqual(['undici-headers-timeout.agent'])
    expect(rowsMet(refundScenario(), slow('TimeoutError'), CALL)).toEqual(['latency.past-timeout'])
  })

  it("files a caller's cancel under its own row, whatever the fault", () => {
    expect(rowsMet(gateway, timedOut('AbortError'), CALL)).toEqual(['caller-cancel.in-flight'])
  })

  it('keeps a client-timeout row as it is, and sorts the rest by where the effect stood', () => {
    expect(gaveUpRow('late-delivery', 'TimeoutError', 'after')).toBe('late-delivery')
    expect(gaveUpRow('gateway-timeout.dies', 'TimeoutError', 'none')).toBe('dropped')
    expect(gaveUpRow('gateway-timeout.finishes', 'TimeoutError', 'before')).toBe('withhold-after-effect')
    expect(gaveUpRow('late-delivery', 'AbortError', 'after')).toBe('caller-cancel.in-flight')
  })

  it("counts an e-mail call under a gateway's row: the page is the gateway's, not the service's", () => {
    const h = new HistoryBuilder()
      .runStarted()
      .callStarted(CALL, 1, 'send_email')
      .attempt(CALL, 1)
      .fault(CALL, 1, 'gateway', 'gateway-timeout')
      .at(1_000)
      .answered(CALL, 1, 504)
      .at(2_000)
      .effect(CALL, 1, 'em_1')
      .build()
    const s = refundScenario({
      faults: [
        { kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 1_000 },
      ],
    })
    expect(attribute(s, h, [falseFailure], new Map([['gateway-timeout.finishes', 'false-failure']]))).toEqual([
      { case: 'gateway-timeout.finishes', judge: 'false-failure', call: CALL },
    ])
  })
})
