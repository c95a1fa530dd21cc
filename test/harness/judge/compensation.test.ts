import { describe, expect, it } from 'vitest'
import { phantomCompensation, uncompensatedEffect } from '../../../harness/judge/compensation.ts'
import { history } from './history-builder.ts'

// A plan of two steps: r/s1 charges (the charge's id is the payment intent's,
// pi_1), r/s2 sends an e-mail (em_1). Its abort is the call `r#abort`.
const plan = () =>
  history()
    .runStartedWithDeadline(30_000)
    .callStarted('r/s1', 1, 'charge_card')
    .at(10).attemptWith('r/s1', 1, { path: '/v1/payment_intents', fingerprint: 'charge-body' })
    .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
    .response(1)
    .answered('r/s1', 1, 200)
    .report('r/s1', 1, 'SUCCEEDED', { type: 'charge', id: 'pi_1' })
    .at(100).callStarted('r/s2', 1, 'send_email')
    .attemptWith('r/s2', 2, { service: 'email', path: '/v1/emails', fingerprint: 'email-body' })
    .effectWith('r/s2', 2, 'em_1', { type: 'email' })
    .response(2)
    .answered('r/s2', 2, 200)
    .report('r/s2', 1, 'SUCCEEDED', { type: 'email', id: 'em_1' })

describe('phantomCompensation', () => {
  it("fires for a refund whose target charge was never made", () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_ghost' })
      .build()
    const found = phantomCompensation(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ judge: 'phantom-compensation', call: 'r#abort', tool: null, boundaries: [] })
    expect(found[0]?.message).toContain('refund re_1')
    expect(found[0]?.message).toContain('pi_ghost')
  })

  it('fires for a correction e-mail whose original was never sent', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 3, 'em_2', { type: 'email', target: 'em_ghost' })
      .build()
    expect(phantomCompensation(h).map((v) => v.message)).toEqual([expect.stringContaining('em_ghost')])
  })

  it('does not fire for a refund of a charge a plan call made, nor a correction of its e-mail', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .attemptWith('r#abort', 4, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 4, 'em_2', { type: 'email', target: 'em_1' })
      .build()
    expect(phantomCompensation(h)).toEqual([])
  })

  it('does not fire when the charge was made but its step was never confirmed (UNKNOWN)', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .lost(1)
      .report('r/s1', 1, 'UNKNOWN')
      .abortRequested('r')
      .attempt('r#abort', 2)
      .effectWith('r#abort', 2, 're_1', { type: 'refund', target: 'pi_1' })
      .build()
    expect(phantomCompensation(h)).toEqual([])
  })

  it('fires only for the phantom one of several compensations', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .attemptWith('r#abort', 4)
      .effectWith('r#abort', 4, 're_2', { type: 'refund', target: 'pi_2' })
      .build()
    const found = phantomCompensation(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('re_2')
    expect(found[0]?.message).toContain('pi_2')
  })

  it('fires when the target is only another compensation, not an effect of a plan call', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 3, 'em_2', { type: 'email', target: 'em_1' })
      .attemptWith('r#abort', 4, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 4, 'em_3', { type: 'email', target: 'em_2' })
      .build()
    const found = phantomCompensation(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('em_3')
  })

  it('does not fire for an abort effect with no target', () => {
    const h = plan().at(200).abortRequested('r').attemptWith('r#abort', 3).effectWith('r#abort', 3, 'x_1', { type: 'note', target: null }).build()
    expect(phantomCompensation(h)).toEqual([])
  })

  it('does not fire for a plan call (not the abort) whose refund targets an unknown payment intent', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 're_1', { type: 'refund', target: 'pi_not_in_history' })
      .report('r/s1', 1, 'SUCCEEDED')
      .build()
    expect(phantomCompensation(h)).toEqual([])
  })
})

describe('uncompensatedEffect', () => {
  it('fires for a confirmed charge that the abort did not refund', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 3, 'em_2', { type: 'email', target: 'em_1' })
      .build()
    const found = uncompensatedEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ judge: 'uncompensated-effect', call: 'r/s1', tool: 'charge_card', boundaries: [] })
    expect(found[0]?.message).toContain('charge pi_1')
  })

  it('fires for a confirmed e-mail that the abort did not correct', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .build()
    const found = uncompensatedEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ call: 'r/s2', tool: 'send_email' })
    expect(found[0]?.message).toContain('email em_1')
  })

  it('fires for every confirmed compensable effect when the abort compensated nothing', () => {
    const h = plan().at(200).abortRequested('r').abortReported('r').build()
    expect(uncompensatedEffect(h).map((v) => v.call)).toEqual(['r/s1', 'r/s2'])
  })

  it('does not fire when the abort refunded the charge and corrected the e-mail', () => {
    const h = plan()
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .attemptWith('r#abort', 4, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 4, 'em_2', { type: 'email', target: 'em_1' })
      .build()
    expect(uncompensatedEffect(h)).toEqual([])
  })

  it('never fires without an abort-requested event', () => {
    expect(uncompensatedEffect(plan().build())).toEqual([])
  })

  it('does not count a compensation made by a plan call (not the abort)', () => {
    const h = plan()
      .at(150).callStarted('r/s3')
      .attemptWith('r/s3', 3)
      .effectWith('r/s3', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .report('r/s3', 1, 'SUCCEEDED')
      .at(200).abortRequested('r')
      .attemptWith('r#abort', 4, { service: 'email', path: '/v1/emails' })
      .effectWith('r#abort', 4, 'em_2', { type: 'email', target: 'em_1' })
      .build()
    // The charge is still owed its refund by the abort; r/s3's refund is not compensable itself.
    expect(uncompensatedEffect(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire for a confirmed refund: refunds are not compensable', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 're_1', { type: 'refund', target: 'pi_0' })
      .report('r/s1', 1, 'SUCCEEDED', { type: 'refund', id: 're_1' })
      .abortRequested('r')
      .build()
    expect(uncompensatedEffect(h)).toEqual([])
  })

  it('does not fire for a call whose last report is UNKNOWN, even if an earlier ask said SUCCEEDED', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s1', 2, 'charge_card')
      .report('r/s1', 2, 'UNKNOWN')
      .abortRequested('r')
      .build()
    expect(uncompensatedEffect(h)).toEqual([])
  })

  it('does not fire for a call reported FAILED_NO_EFFECT (a false failure, but not a confirmed effect)', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .report('r/s1', 1, 'FAILED_NO_EFFECT')
      .abortRequested('r')
      .build()
    expect(uncompensatedEffect(h)).toEqual([])
  })

  it('fires when the last report is SUCCEEDED after an earlier UNKNOWN', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .report('r/s1', 1, 'UNKNOWN')
      .callStarted('r/s1', 2, 'charge_card')
      .report('r/s1', 2, 'SUCCEEDED')
      .abortRequested('r')
      .build()
    expect(uncompensatedEffect(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('fires for each uncompensated effect of a call, and not for the compensated one', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .attempt('r/s1', 2)
      .effectWith('r/s1', 2, 'pi_2', { type: 'charge' })
      .report('r/s1', 1, 'SUCCEEDED')
      .abortRequested('r')
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .build()
    const found = uncompensatedEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('pi_2')
  })

  it('does not treat an abort whose effect has the same id (but no target) as a compensation', () => {
    const h = history()
      .callStarted('r/s1', 1, 'charge_card')
      .attempt('r/s1', 1)
      .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
      .report('r/s1', 1, 'SUCCEEDED')
      .abortRequested('r')
      .attempt('r#abort', 2)
      .effectWith('r#abort', 2, 'pi_1', { type: 'note', target: null })
      .build()
    expect(uncompensatedEffect(h).map((v) => v.call)).toEqual(['r/s1'])
  })
})
