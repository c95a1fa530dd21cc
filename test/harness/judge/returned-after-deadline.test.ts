import { describe, expect, it } from 'vitest'
import { RETURN_GRACE_MS, returnedAfterDeadline } from '../../../harness/judge/returned-after-deadline.ts'
import { history } from './history-builder.ts'

describe('returnedAfterDeadline', () => {
  it('allows a grace of 500 ms', () => {
    expect(RETURN_GRACE_MS).toBe(500)
  })

  const reportedAt = (t: number) =>
    history()
      .runStartedWithDeadline(1000)
      .at(100)
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'latency')
      .at(t)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()

  it('does not fire for a report exactly at deadline + grace', () => {
    expect(returnedAfterDeadline(reportedAt(1500))).toEqual([])
  })

  it('does not fire for a report before the deadline', () => {
    expect(returnedAfterDeadline(reportedAt(999))).toEqual([])
    expect(returnedAfterDeadline(reportedAt(1000))).toEqual([])
  })

  it('fires for a report 1 ms past deadline + grace', () => {
    const found = returnedAfterDeadline(reportedAt(1501))
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'returned-after-deadline',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['in-transit'],
    })
    expect(found[0]?.message).toContain('ask 1')
    expect(found[0]?.message).toContain('1501 ms')
    expect(found[0]?.message).toContain('501 ms after')
    expect(found[0]?.message).toContain('(1000 ms; grace 500 ms)')
  })

  it("uses a turn's deadline over run-started's", () => {
    const h = history()
      .runStartedWithDeadline(30_000)
      .turn(1000)
      .at(100)
      .callStarted('r/s1')
      .at(1501)
      .report('r/s1', 1, 'UNKNOWN')
      .build()
    expect(returnedAfterDeadline(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('judges an ask by the turn in force at its call-started, even if a new turn began before the report', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .turn(1000)
      .at(100)
      .callStarted('r/s1')
      .at(1200)
      .turn(10_000)
      .at(1501)
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    const found = returnedAfterDeadline(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('(1000 ms;')
  })

  it('judges an ask started in a later turn by that turn, at its boundary', () => {
    const upTo = (t: number) =>
      history()
        .runStartedWithDeadline(1000)
        .turn(1000)
        .at(100)
        .callStarted('r/s1', 1)
        .at(400)
        .crashed(1, 'after-send', 'r/s1')
        .at(2000)
        .turn(10_000)
        .booted(2)
        .callStarted('r/s1', 2)
        .at(t)
        .report('r/s1', 2, 'SUCCEEDED')
        .build()
    // Long after turn 1's deadline, within turn 2's: fine.
    expect(returnedAfterDeadline(upTo(9000))).toEqual([])
    expect(returnedAfterDeadline(upTo(10_500))).toEqual([])
    const found = returnedAfterDeadline(upTo(10_501))
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('ask 2')
    expect(found[0]?.message).toContain('(10000 ms;')
  })

  it('judges each ask of a call by its own call-started', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .turn(1000)
      .at(100)
      .callStarted('r/s1', 1)
      .at(1400)
      .report('r/s1', 1, 'UNKNOWN') // on time for turn 1
      .at(1600)
      .turn(5000)
      .callStarted('r/s1', 2)
      .at(1700)
      .report('r/s1', 2, 'SUCCEEDED') // on time for turn 2, late for turn 1
      .build()
    expect(returnedAfterDeadline(h)).toEqual([])
  })

  it('reports each late ask and call', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1', 1)
      .callStarted('r/s2', 1, 'send_email')
      .at(2000)
      .report('r/s1', 1, 'UNKNOWN')
      .report('r/s2', 1, 'FAILED_NO_EFFECT')
      .build()
    const found = returnedAfterDeadline(h)
    expect(found.map((v) => [v.call, v.tool])).toEqual([
      ['r/s1', 'issue_refund'],
      ['r/s2', 'send_email'],
    ])
  })

  it('never fires when the history has no deadline', () => {
    const h = history().callStarted('r/s1').at(1_000_000).report('r/s1', 1, 'SUCCEEDED').build()
    expect(returnedAfterDeadline(h)).toEqual([])
  })

  it("judges abort() too: its report after its own turn's deadline plus grace fires, within it does not", () => {
    const envelope = { status: 'SUCCEEDED' as const, retry_safe: true, effect: null, action_taken: 'x', message: '' }
    const mk = (at: number) =>
      [
        { seq: 0, t: 0, type: 'run-started', executor: 't', scenario: 's', seed: 1, deadline: 1_000 },
        { seq: 1, t: 900, type: 'abort-requested', run: 'r', reason: 'x' },
        { seq: 2, t: 900, type: 'turn-started', deadline: 10_900 },
        { seq: 3, t: at, type: 'abort-reported', run: 'r', envelopes: [envelope] },
      ] as unknown as import('../../../harness/history/history.ts').History
    expect(returnedAfterDeadline(mk(11_400))).toEqual([])
    expect(returnedAfterDeadline(mk(11_401))).toEqual([
      expect.objectContaining({ judge: 'returned-after-deadline', call: 'r#abort' }),
    ])
  })
})
