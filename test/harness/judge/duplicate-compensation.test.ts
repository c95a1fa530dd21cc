import { describe, expect, it } from 'vitest'
import { duplicateEffect } from '../../../harness/judge/duplicate-effect.ts'
import { history } from './history-builder.ts'

// A confirmed charge (pi_1) and e-mail (em_1),
// then an abort: `r#abort`.
const aborted = () =>
  history()
    .callStarted('r/s1', 1, 'charge_card')
    .attempt('r/s1', 1)
    .effectWith('r/s1', 1, 'pi_1', { type: 'charge' })
    .report('r/s1', 1, 'SUCCEEDED')
    .callStarted('r/s2', 1, 'send_email')
    .attempt('r/s2', 2)
    .effectWith('r/s2', 2, 'em_1', { type: 'email' })
    .report('r/s2', 1, 'SUCCEEDED')
    .at(1000)
    .abortRequested('r')

describe('duplicateEffect on the abort call (one effect compensated twice)', () => {
  it('fires for two refunds of the same charge', () => {
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .attempt('r#abort', 4)
      .effectWith('r#abort', 4, 're_2', { type: 'refund', target: 'pi_1' })
      .build()
    const found = duplicateEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ judge: 'duplicate-effect', call: 'r#abort', tool: null, boundaries: [] })
    expect(found[0]?.message).toContain('pi_1 was compensated 2 times')
    expect(found[0]?.message).toContain('re_1, re_2')
  })

  it('fires for two corrections of the same e-mail', () => {
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 'em_2', { type: 'email', target: 'em_1' })
      .attempt('r#abort', 4)
      .effectWith('r#abort', 4, 'em_3', { type: 'email', target: 'em_1' })
      .build()
    const found = duplicateEffect(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('em_1 was compensated 2 times')
  })

  it('does not fire for one compensation of each of two effects (different targets)', () => {
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .attempt('r#abort', 4)
      .effectWith('r#abort', 4, 'em_2', { type: 'email', target: 'em_1' })
      .build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('does not fire for a single compensation', () => {
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('fires once per doubly compensated target, counting all copies', () => {
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .effectWith('r#abort', 3, 're_2', { type: 'refund', target: 'pi_1' })
      .effectWith('r#abort', 3, 're_3', { type: 'refund', target: 'pi_1' })
      .effectWith('r#abort', 3, 'em_2', { type: 'email', target: 'em_1' })
      .effectWith('r#abort', 3, 'em_3', { type: 'email', target: 'em_1' })
      .build()
    const found = duplicateEffect(h)
    expect(found.map((v) => v.message)).toEqual([
      expect.stringContaining('pi_1 was compensated 3 times (re_1, re_2, re_3)'),
      expect.stringContaining('em_1 was compensated 2 times (em_2, em_3)'),
    ])
  })

  it("does not count several abort effects as one call's duplicate the way a plan call's are", () => {
    // A plan call with these two effects would fire;
    // the abort does not.
    const h = aborted()
      .attempt('r#abort', 3)
      .effectWith('r#abort', 3, 're_1', { type: 'refund', target: 'pi_1' })
      .effectWith('r#abort', 3, 'x_1', { type: 'note', target: null })
      .effectWith('r#abort', 3, 'x_2', { type: 'note', target: null })
      .build()
    expect(duplicateEffect(h)).toEqual([])
  })

  it('still fires for a plan call with two effects in the same history', () => {
    const h = aborted()
      .attempt('r/s1', 3)
      .effectWith('r/s1', 3, 'pi_2', { type: 'charge' })
      .attempt('r#abort', 4)
      .effectWith('r#abort', 4, 're_1', { type: 'refund', target: 'pi_1' })
      .effectWith('r#abort', 4, 're_2', { type: 'refund', target: 'pi_2' })
      .build()
    const found = duplicateEffect(h)
    expect(found.map((v) => v.call)).toEqual(['r/s1'])
    expect(found[0]?.message).toContain('2 effects for one tool call')
  })
})
