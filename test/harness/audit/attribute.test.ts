import { describe, expect, it } from 'vitest'
import { attribute, rowOf, rowsMet } from '../../../harness/audit/attribute.ts'
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
