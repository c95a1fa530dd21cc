import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAPPING_CLASSES } from '../../../harness/contract/mapping.ts'
import type { NoEffectClass } from '../../../harness/audit/cases.ts'
import { gradeCells } from '../../../harness/audit/grade-cells.ts'
import { bitesIn, grade } from '../../../harness/audit/grade.ts'
import type { RunCell } from '../../../harness/audit/matrix.ts'
import { TRUTHS, type Truth } from '../../../harness/audit/truth.ts'

const set = (...t: Truth[]) => new Set(t)
const classes = (...c: NoEffectClass[]) => new Set(c)
const none = new Set<never>()

describe('grading one class against what the observation can stand for', () => {
  it('names the incident of each dangerous reading', () => {
    expect(grade('not-sent', set('applied'), none)).toMatchObject({
      grade: 'dangerous',
      consequence: 'duplicate-effect',
    })
    expect(grade('rejected', set('depends-on-timing'), none)).toMatchObject({
      grade: 'dangerous',
      consequence: 'false-failure',
    })
    expect(grade('applied', set('applied', 'not-applied'), none)).toMatchObject({
      grade: 'dangerous',
      consequence: 'false-success',
    })
    // A failed look read as "not there" makes the
    // executor send again.
    expect(grade('rejected', set('applied', 'not-applied'), none, 'probe')).toMatchObject({
      grade: 'dangerous',
      consequence: 'duplicate-effect',
    })
  })

  it('calls ambiguous right only where the truth is not known, and costly where it is', () => {
    expect(grade('ambiguous', set('applied', 'not-applied'), none).grade).toBe('right')
    expect(grade('ambiguous', set('depends-on-timing'), none).grade).toBe('right')
    expect(grade('ambiguous', set('applied'), none)).toMatchObject({
      grade: 'costly',
      why: expect.stringContaining('already proves'),
    })
    expect(grade('ambiguous', set('not-applied'), classes('not-sent'))).toMatchObject({
      grade: 'costly',
      why: expect.stringContaining('cannot exist'),
    })
  })

  it('tells the two no-effect classes apart where the row says which is right', () => {
    expect(grade('not-sent', set('not-applied'), classes('not-sent')).grade).toBe('right')
    expect(grade('rejected', set('not-applied'), classes('not-sent'))).toMatchObject({
      grade: 'costly',
      why: expect.stringContaining('a resend could carry'),
    })
    expect(grade('not-sent', set('not-applied'), classes('rejected'))).toMatchObject({
      grade: 'costly',
      why: expect.stringContaining('refused as it stands'),
    })
  })

  it('is dangerous exactly when the class contradicts a truth the observation can stand for (property)', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`grade property seed: ${seed}`)
    fc.assert(
      fc.property(
        fc.constantFrom(...MAPPING_CLASSES),
        fc.subarray([...TRUTHS], { minLength: 1 }),
        fc.constantFrom('send' as const, 'probe' as const),
        (c, truths, purpose) => {
          const g = grade(c, new Set(truths), none, purpose)
          const effectMayExist = truths.some((t) => t !== 'not-applied')
          const effectMayBeAbsent = truths.some((t) => t !== 'applied')
          const contradicts = c === 'applied' ? effectMayBeAbsent : c === 'ambiguous' ? false : effectMayExist
          expect(g.grade === 'dangerous').toBe(contradicts)
          expect(g.consequence !== null).toBe(contradicts)
        },
      ),
      { seed },
    )
  })

  it('says where a consequence can show in a row of its own', () => {
    expect(bitesIn('duplicate-effect', 'applied')).toBe(true)
    expect(bitesIn('false-failure', 'not-applied')).toBe(false)
    expect(bitesIn('false-success', 'not-applied')).toBe(true)
    expect(bitesIn('false-success', 'applied')).toBe(false)
    expect(bitesIn('false-failure', 'depends-on-timing')).toBe(true)
  })
})

describe('the matrix graded', () => {
  const cell = (
    c: string,
    client: RunCell['client'],
    signature: string,
    truth: Truth,
    answer: RunCell['answer'],
  ): RunCell => ({ case: c, client, signature, shows: signature, truth, answer })

  it('holds a cell to every truth its client shows the same way, client by client', () => {
    const cells = gradeCells([
      cell('reset-after-effect', 'fetch', 'reset', 'applied', { class: 'not-sent' }),
      cell('server-fails-before-apply.reset', 'fetch', 'reset', 'not-applied', { class: 'not-sent' }),
      cell('connection-refused', 'fetch', 'refused', 'not-applied', { class: 'not-sent' }),
      cell('connection-refused', 'resend', 'null status', 'not-applied', { class: 'not-sent' }),
      cell('reset-after-effect', 'resend', 'null status', 'applied', { class: 'ambiguous' }),
    ])
    expect(cells.map((c) => [c.case, c.client, c.grade, c.consequence])).toEqual([
      ['reset-after-effect', 'fetch', 'dangerous', 'duplicate-effect'],
      // Right by its own ledger, but the same reset
      // follows an applied refund.
      ['server-fails-before-apply.reset', 'fetch', 'dangerous', 'duplicate-effect'],
      ['connection-refused', 'fetch', 'right', null],
      // resend says `statusCode: null` for a refused
      // connection and a reset alike.
      ['connection-refused', 'resend', 'dangerous', 'duplicate-effect'],
      ['reset-after-effect', 'resend', 'right', null],
    ])
    expect(cells[1]!.sameAs).toEqual(['reset-after-effect'])
    expect(cells[1]!.knowable).toEqual(['applied', 'not-applied'])
  })

  it('reports a cell the mapping failed on as faulty, with what it did', () => {
    const [c] = gradeCells([
      cell('dropped', 'http', 'x', 'not-applied', { problem: 'threw', detail: 'TypeError: boom' }),
    ])
    expect(c).toMatchObject({
      grade: 'faulty',
      class: null,
      problem: { kind: 'threw', detail: 'TypeError: boom' },
      why: 'the mapping threw: TypeError: boom',
    })
  })
})
