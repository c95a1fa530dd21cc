import { describe, expect, it } from 'vitest'
import { JUDGE_NAMES } from '../../../harness/judge/finding.ts'
import { JUDGES, judge } from '../../../harness/judge/verdict.ts'
import type { History } from '../../../harness/history/history.ts'
import { history } from './history-builder.ts'

function deepFreeze(h: History): History {
  for (const e of h) Object.freeze(e)
  return Object.freeze(h)
}

describe('judge (verdict)', () => {
  it('is clean for a run with no fault and a true report', () => {
    const h = history()
      .runStarted()
      .callStarted('r/s1')
      .at(5)
      .attempt('r/s1', 1)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .response(1)
      .at(25)
      .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
      .at(30)
      .runEnded()
      .build()
    expect(judge(h)).toEqual({
      violations: [],
      unresolved: { calls: 1, unresolved: 0 },
      recovery: [],
      notStarted: 0,
      verification: { calls: 1, probes: 0, extraAttempts: 0 },
      humanReview: 0,
      lateEffects: 0,
      abortsUnsupported: 0,
      requests: 1,
      blocked: { attempts: 0, hosts: [] },
      faults: 0,
      simulatedMs: 30,
    })
  })

  it('collects the findings of every judge and the measures', () => {
    const h = history()
      .runStarted()
      // r/s1: duplicate effect (reset after effect, blind retry)
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .effect('r/s1', 1, 're_1')
      .lost(1)
      .at(100)
      .attempt('r/s1', 2)
      .effect('r/s1', 2, 're_2')
      .at(150)
      .report('r/s1', 1, 'SUCCEEDED')
      // r/s2: false success
      .callStarted('r/s2')
      .at(200)
      .attempt('r/s2', 3)
      .fault('r/s2', 3, 'after-receipt', 'server-fails-before-apply')
      .at(260)
      .report('r/s2', 1, 'SUCCEEDED')
      // r/s3: false failure by a late delivery, then a probe
      .callStarted('r/s3')
      .at(300)
      .attempt('r/s3', 4)
      .fault('r/s3', 4, 'in-transit', 'late-delivery')
      .at(400)
      .attempt('r/s3', 5, true)
      .at(500)
      .report('r/s3', 1, 'FAILED_NO_EFFECT')
      .at(900)
      .effect('r/s3', 4, 're_3')
      // r/s4: the executor threw, then the call stayed UNKNOWN
      .callStarted('r/s4')
      .executorFault('r/s4', 'threw', 'boom')
      .report('r/s4', 1, 'UNKNOWN')
      .at(1234)
      .runEnded()
      .build()

    const v = judge(h)
    expect(v.violations.map((x) => [x.judge, x.call])).toEqual([
      ['duplicate-effect', 'r/s1'],
      ['false-success', 'r/s2'],
      ['false-failure', 'r/s3'],
      ['executor-fault', 'r/s4'],
    ])
    expect(v.unresolved).toEqual({ calls: 4, unresolved: 1 })
    expect(v.recovery).toEqual([
      { kind: 'reset-after-effect', boundary: 'after-effect', ms: 150 },
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', ms: 60 },
      { kind: 'late-delivery', boundary: 'in-transit', ms: 200 },
    ])
    expect(v.requests).toBe(5) // probes are requests too
    expect(v.faults).toBe(3)
    expect(v.simulatedMs).toBe(1234)
  })

  it('every violation names a known judge, and there is one judge per name', () => {
    expect(JUDGES).toHaveLength(JUDGE_NAMES.length)
    const h = history().callStarted('r/s1').report('r/s1', 1, 'SUCCEEDED').executorFault(null, 'hung', 'x').build()
    const names = judge(h).violations.map((v) => v.judge)
    expect(names).toEqual(['false-success', 'executor-fault'])
    for (const n of names) expect(JUDGE_NAMES).toContain(n)
  })

  it('is pure: does not mutate the history and gives the same verdict twice', () => {
    const h = deepFreeze(
      history()
        .callStarted('r/s1')
        .attempt('r/s1', 1)
        .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
        .effect('r/s1', 1, 're_1')
        .attempt('r/s1', 2)
        .effect('r/s1', 2, 're_2')
        .at(10)
        .report('r/s1', 1, 'FAILED_NO_EFFECT')
        .build(),
    )
    const a = judge(h)
    const b = judge(h)
    expect(a).toEqual(b)
    expect(a.violations.map((v) => v.judge)).toEqual(['duplicate-effect', 'false-failure'])
  })

  it('measures attempts refused beyond the mocks, and the hosts, once each in any case, dot, brackets or mapped-address form, sorted', () => {
    const h = history()
      .callStarted('r/s1')
      .blocked('r/s1', 'api.example.com')
      .blocked('r/s1', 'API.Example.com.') // DNS: no case, the root's dot
      .blocked('r/s1', '2606:2800::1')
      .blocked('r/s1', '[2606:2800::1]') // as a URL's hostname has it
      .blocked('r/s1', '::ffff:93.184.216.34') // as a socket has it
      .blocked('r/s1', '[::ffff:5db8:d822]') // the same, as a URL has it
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .build()
    const v = judge(h)
    expect(v.blocked).toEqual({ attempts: 6, hosts: ['2606:2800::1', '::ffff:93.184.216.34', 'api.example.com'] })
    expect(v.violations.filter((x) => x.judge === 'executor-fault')).toHaveLength(6)
  })

  it('covers zero virtual ms for an empty history', () => {
    expect(judge([])).toEqual({
      violations: [],
      unresolved: { calls: 0, unresolved: 0 },
      recovery: [],
      notStarted: 0,
      verification: { calls: 0, probes: 0, extraAttempts: 0 },
      humanReview: 0,
      lateEffects: 0,
      abortsUnsupported: 0,
      requests: 0,
      blocked: { attempts: 0, hosts: [] },
      faults: 0,
      simulatedMs: 0,
    })
  })
})
