import { describe, expect, it } from 'vitest'
import {
  effectAfterDeadline,
  lateEffects,
  lateUnseen,
  MIN_SIDE_EFFECT_BUDGET_MS,
} from '../../../harness/judge/effect-after-deadline.ts'
import { history } from './history-builder.ts'

describe('effectAfterDeadline', () => {
  it("fires for an effect applied 1 ms after run-started's deadline (no turn yet)", () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'late-delivery')
      .at(1001)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .build()
    const found = effectAfterDeadline(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'effect-after-deadline',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['in-transit'],
    })
    expect(found[0]?.message).toContain('re_1')
    expect(found[0]?.message).toContain('1001 ms')
    expect(found[0]?.message).toContain('1000 ms')
    expect(found[0]?.message).toContain('attempt 1')
  })

  // An MCP probe's tool, gated with passOperation:
  // false, was blamed for a deadline it never saw.
  it('does not blame a send with little time left on a process whose tools were given no deadline', () => {
    const late = (seesDeadline: boolean) =>
      history()
        .runStartedWithDeadline(1000)
        .booted(1, seesDeadline)
        .callStarted('r/s1')
        .at(900)
        .attempt('r/s1', 1)
        .at(1500)
        .effect('r/s1', 1, 're_1')
        .build()
    expect(effectAfterDeadline(late(true))).toHaveLength(1)
    expect(effectAfterDeadline(late(false))).toEqual([])
    expect(lateEffects(late(false))).toBe(1)
    // Self-declared: counted apart, for the report.
    expect(lateUnseen(late(false))).toBe(1)
    expect(lateUnseen(late(true))).toBe(0)
  })

  // A probe read "with -75500 ms of its turn left".
  it('says a send after the deadline was after it, not that negative time was left', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1')
      .at(1500)
      .attempt('r/s1', 1)
      .at(1600)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(effectAfterDeadline(h)[0]?.message).toMatch(/: it was sent at 1500 ms, 500 ms after its turn's deadline$/)
  })

  it('does not fire for an effect applied exactly at the deadline', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .at(1000)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(effectAfterDeadline(h)).toEqual([])
  })

  it('does not fire for an effect well within the deadline', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .at(150)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(effectAfterDeadline(h)).toEqual([])
  })

  it("uses the turn's deadline rather than run-started's once a turn has started", () => {
    const late = history()
      .runStartedWithDeadline(30_000)
      .turn(1000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .at(1001)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(effectAfterDeadline(late).map((v) => v.call)).toEqual(['r/s1'])

    const onTime = history()
      .runStartedWithDeadline(1000)
      .turn(30_000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .at(20_000)
      .effect('r/s1', 1, 're_1')
      .build()
    expect(effectAfterDeadline(onTime)).toEqual([])
  })

  it('judges an effect of an attempt sent in the turn after a crash against the new deadline', () => {
    const base = () =>
      history()
        .runStartedWithDeadline(1000)
        .turn(1000)
        .booted(1)
        .callStarted('r/s1', 1)
        .at(100)
        .attempt('r/s1', 1)
        .fault('r/s1', 1, 'before-send', 'connection-refused')
        .at(500)
        .crashed(1)
        .at(2000)
        .turn(5000)
        .booted(2)
        .callStarted('r/s1', 2)
        .at(3500)
        .attemptWith('r/s1', 2, { generation: 2 }) // 1.5 s of the new turn left
    // After the old deadline, within the new: fine.
    expect(effectAfterDeadline(base().at(3000).effect('r/s1', 2, 're_2').build())).toEqual([])
    // Exactly at the new deadline: fine.
    expect(effectAfterDeadline(base().at(5000).effect('r/s1', 2, 're_2').build())).toEqual([])
    // 1 ms past it: fires, naming the new deadline.
    const found = effectAfterDeadline(base().at(5001).effect('r/s1', 2, 're_2').build())
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('5001 ms')
    expect(found[0]?.message).toContain('deadline at 5000 ms')
    expect(found[0]?.message).toContain('attempt 2')
  })

  it('judges a late effect of an attempt sent in the old turn against the old deadline, even after a new turn began', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .turn(1000)
      .booted(1)
      .callStarted('r/s1', 1)
      .at(100)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'in-transit', 'late-delivery')
      .at(500)
      .crashed(1)
      .at(2000)
      .turn(5000)
      .booted(2)
      .callStarted('r/s1', 2)
      .at(2100)
      .attemptWith('r/s1', 2, { generation: 2 })
      .at(2200)
      .effect('r/s1', 2, 're_2')
      // The old attempt lands: past the old deadline,
      // well within the new one.
      .at(2500)
      .delivered(1)
      .effect('r/s1', 1, 're_1')
      .build()
    const found = effectAfterDeadline(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('re_1')
    expect(found[0]?.message).toContain('attempt 1')
    expect(found[0]?.message).toContain('deadline at 1000 ms')
    expect(found[0]?.message).not.toContain('re_2')
  })

  it("judges an old turn's attempt landing after the new turn began by the old deadline, at its boundary", () => {
    const upTo = (effectAt: number) =>
      history()
        .runStartedWithDeadline(1000)
        .turn(1000)
        .callStarted('r/s1')
        .at(100)
        .attempt('r/s1', 1)
        .at(500)
        .crashed(1)
        .at(600)
        .turn(5600) // no pause: the new turn began before the old deadline
        .booted(2)
        .at(effectAt)
        .delivered(1)
        .effect('r/s1', 1, 're_1')
        .build()
    expect(effectAfterDeadline(upTo(1000))).toEqual([])
    const found = effectAfterDeadline(upTo(1001))
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('deadline at 1000 ms')
  })

  it('fires once per late effect, each judged on its own attempt', () => {
    const h = history()
      .runStartedWithDeadline(1000)
      .callStarted('r/s1')
      .at(100)
      .attempt('r/s1', 1)
      .attempt('r/s1', 2)
      .at(1500)
      .effect('r/s1', 1, 're_1')
      .effect('r/s1', 2, 're_2')
      .callStarted('r/s2', 1, 'send_email')
      .attempt('r/s2', 3)
      .at(1600)
      .effectWith('r/s2', 3, 'em_1', { type: 'email' })
      .build()
    const found = effectAfterDeadline(h)
    expect(found).toHaveLength(3)
    expect(found.map((v) => v.call)).toEqual(['r/s1', 'r/s1', 'r/s2'])
    expect(found[2]).toMatchObject({ tool: 'send_email' })
    expect(found[2]?.message).toContain('email em_1')
  })

  it('fires for a late effect outside any tool call, with no call or tool', () => {
    const h = history().runStartedWithDeadline(1000).at(100).attempt(null, 1).at(2000).effect(null, 1, 're_1').build()
    const found = effectAfterDeadline(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ call: null, tool: null, boundaries: [] })
    expect(found[0]?.message).toMatch(/^run: /)
  })

  // The abort runs as `<run>#abort`, in its own turn.
  const lateAbort = () =>
    history()
      .runStartedWithDeadline(1000)
      .turn(1000)
      .callStarted('r/s1', 1, 'charge_card')
      .at(100)
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .report('r/s1', 1, 'SUCCEEDED')
      .at(200)
      .abortRequested('r')
      .turn(3000)
      .at(2500)
      .attempt('r#abort', 2) // 0.5 s of the abort's turn left
      .at(3001)
      .effectWith('r#abort', 2, 're_1', { type: 'refund', target: 'pi_1' })
      .build()

  it("fires for a compensation applied after the abort's own turn's deadline", () => {
    const found = effectAfterDeadline(lateAbort())
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ call: 'r#abort', boundaries: [] })
    expect(found[0]?.message).toContain('deadline at 3000 ms')
  })

  // Regression: the abort call has no tool (null).
  it('reports a late compensation with no tool (null), as the other judges report the abort', () => {
    expect(effectAfterDeadline(lateAbort())[0]?.tool).toBeNull()
  })

  describe('only where the executor could have prevented it', () => {
    // Sent with 5 s of a 10 s turn left; held by the
    // network, it lands at 12 s.
    const heldLate = (profile: readonly string[] = [], forwardedDeadline: number | null = null) =>
      history()
        .runStartedWithDeadline(10_000, profile)
        .callStarted('r/s1')
        .at(5_000)
        .attemptWith('r/s1', 1, { forwardedDeadline })
        .fault('r/s1', 1, 'in-transit', 'late-delivery')
        .at(12_000)
        .effect('r/s1', 1, 're_1')
        .build()

    it('a request sent with budget to spare that the network holds past the deadline is a measure, not a violation, against the vendors', () => {
      expect(effectAfterDeadline(heldLate())).toEqual([])
      expect(lateEffects(heldLate())).toBe(1)
    })

    it(`a side effect started with less than ${MIN_SIDE_EFFECT_BUDGET_MS} ms left is a violation, and not a measure`, () => {
      const h = history()
        .runStartedWithDeadline(10_000)
        .callStarted('r/s1')
        .at(10_000 - MIN_SIDE_EFFECT_BUDGET_MS + 1)
        .attempt('r/s1', 1)
        .at(10_500)
        .effect('r/s1', 1, 're_1')
        .build()
      expect(effectAfterDeadline(h).map((v) => v.message)).toEqual([
        expect.stringContaining(`with ${MIN_SIDE_EFFECT_BUDGET_MS - 1} ms of its turn left`),
      ])
      expect(lateEffects(h)).toBe(0)
    })

    it('with services that honour a forwarded deadline, not forwarding one (or one past the turn) is a violation', () => {
      expect(effectAfterDeadline(heldLate(['deadline-forwarding'])).map((v) => v.message)).toEqual([
        expect.stringContaining('forwarded none'),
      ])
      expect(effectAfterDeadline(heldLate(['deadline-forwarding'], 11_000)).map((v) => v.message)).toEqual([
        expect.stringContaining("past the turn's"),
      ])
      // Forwarded within the turn: what the service
      // did with it is not the executor's doing.
      expect(effectAfterDeadline(heldLate(['deadline-forwarding'], 9_000))).toEqual([])
      expect(lateEffects(heldLate(['deadline-forwarding'], 9_000))).toBe(1)
    })
  })

  it('never fires when the history has no deadline at all', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).at(1_000_000).effect('r/s1', 1, 're_1').build()
    expect(effectAfterDeadline(h)).toEqual([])
  })
})
