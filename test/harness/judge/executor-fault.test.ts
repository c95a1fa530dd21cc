import { describe, expect, it } from 'vitest'
import { executorFault } from '../../../harness/judge/executor-fault.ts'
import { history } from './history-builder.ts'

describe('executorFault', () => {
  it('turns each executor-fault event into a violation, in order', () => {
    const h = history()
      .runStarted()
      .callStarted('r/s1')
      .executorFault('r/s1', 'threw', 'TypeError: x is undefined')
      .at(30_000)
      .executorFault(null, 'boot-failed', 'cannot open storage')
      .build()
    expect(executorFault(h)).toEqual([
      {
        judge: 'executor-fault',
        call: 'r/s1',
        tool: null,
        boundaries: [],
        message: 'r/s1: executor threw: TypeError: x is undefined',
      },
      {
        judge: 'executor-fault',
        call: null,
        tool: null,
        boundaries: [],
        message: 'run: executor boot-failed: cannot open storage',
      },
    ])
  })

  it('names hung and invalid-envelope problems', () => {
    const h = history()
      .executorFault('r/s2', 'hung', 'no answer')
      .executorFault('r/s3', 'invalid-envelope', 'status missing')
      .build()
    expect(executorFault(h).map((v) => v.message)).toEqual([
      'r/s2: executor hung: no answer',
      'r/s3: executor invalid-envelope: status missing',
    ])
  })

  it('does not fire for a run in which the executor behaved, faults and all', () => {
    const h = history()
      .runStarted()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'UNKNOWN')
      .runEnded()
      .build()
    expect(executorFault(h)).toEqual([])
  })
})
