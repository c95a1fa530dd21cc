import { describe, expect, it } from 'vitest'
import { ask } from '../../../harness/audit/answer.ts'
import type { Observed } from '../../../harness/contract/mapping.ts'

const observed: Observed = {
  client: 'fetch',
  request: { method: 'POST', url: 'https://payments.test/v1/refunds', purpose: 'send' },
  error: new TypeError('fetch failed'),
}

describe('asking a mapping, guarded', () => {
  it('takes one of the four classes as the answer', () => {
    expect(ask(() => 'ambiguous', observed)).toEqual({ class: 'ambiguous' })
  })

  it('reports a throw, whatever is thrown, as an answer', () => {
    expect(
      ask(() => {
        throw new RangeError('no rule for this')
      }, observed),
    ).toEqual({ problem: 'threw', detail: 'RangeError: no rule for this' })
    const unprintable = {
      toString: () => {
        throw new Error('x')
      },
    }
    expect(
      ask(() => {
        throw unprintable
      }, observed),
    ).toMatchObject({ problem: 'threw' })
  })

  it('reports anything but a class: a misspelt one, undefined, a Promise (whose rejection nobody is left to handle)', async () => {
    expect(ask(() => 'APPLIED', observed)).toEqual({ problem: 'not-a-class', detail: 'it answered "APPLIED"' })
    expect(ask(() => undefined, observed)).toEqual({ problem: 'not-a-class', detail: 'it answered undefined' })
    let unhandled = false
    const listener = () => (unhandled = true)
    process.on('unhandledRejection', listener)
    expect(ask(() => Promise.reject(new Error('late')), observed)).toEqual({
      problem: 'not-a-class',
      detail: 'it answered a Promise (a mapping is synchronous)',
    })
    await new Promise((r) => setTimeout(r, 10))
    process.off('unhandledRejection', listener)
    expect(unhandled).toBe(false)
  })
})
