import { afterEach, describe, expect, it } from 'vitest'
import { defaultClassifier } from '../../../adapters/core/classifier.ts'
import { oneLine } from '../../../harness/contract/one-line.ts'
import { isInstance } from '../../../harness/contract/safe-read.ts'
import { checkEnvelope, checkEnvelopes, isExecutor } from '../../../harness/contract/validate.ts'
import { everyTrapThrows } from '../../fixtures/hostile/trap-proxy.ts'

const split = String.prototype.split
const indexOf = String.prototype.indexOf
const stringify = JSON.stringify
afterEach(() => {
  String.prototype.split = split
  String.prototype.indexOf = indexOf
  JSON.stringify = stringify
})

describe('oneLine', () => {
  it('describes a value whose every trap throws (even what it throws), and never throws', () => {
    expect(oneLine(everyTrapThrows())).toBe('an object whose traps throw')
    expect(oneLine(everyTrapThrows({ awaitable: true }))).toBe('an object whose traps throw')
    // The fixture is as hostile as it says (and
    // vitest itself cannot print what it throws).
    let threw = false
    try {
      void ((everyTrapThrows() as object) instanceof Error)
    } catch {
      threw = true
    }
    expect(threw).toBe(true)
  })

  it('is one line of at most 300 characters', () => {
    expect(oneLine(new TypeError(`first\nsecond`))).toBe('TypeError: first')
    expect(oneLine('x'.repeat(400))).toHaveLength(300)
    expect(oneLine(Symbol('s'))).toBe('Symbol(s)')
  })

  it("does not lean on builtins an executor may replace (String.prototype's, JSON.stringify)", () => {
    const no = () => {
      throw new Error('replaced')
    }
    String.prototype.split = no
    String.prototype.indexOf = no
    JSON.stringify = no
    const said = [oneLine(new Error('a\nb')), oneLine({ toString: no })]
    String.prototype.split = split // vitest's expect needs them
    String.prototype.indexOf = indexOf
    expect(said).toEqual(['Error: a', '{}']) // JSON as loaded, not the thrower
  })
})

describe('reading what an executor returned', () => {
  it('an envelope whose traps throw is a problem in one line, never a throw', () => {
    expect(checkEnvelope(everyTrapThrows({ awaitable: true }))).toEqual({
      ok: false,
      problem: 'reading the envelope threw: an object whose traps throw',
    })
    expect(checkEnvelope(everyTrapThrows())).toEqual({
      ok: false,
      problem: 'expected an envelope object, got function',
    })
    expect(checkEnvelopes(everyTrapThrows({ awaitable: true }))).toMatchObject({ ok: false })
    expect(checkEnvelopes([everyTrapThrows({ awaitable: true })])).toMatchObject({ ok: false })
  })

  it("an adapter's default classifier cannot place such a tool result (never reads it as applied)", () => {
    const returned = (value: unknown) => defaultClassifier({ kind: 'returned', tool: 'issue_refund', value })
    expect(returned(everyTrapThrows({ awaitable: true }))).toBe(null)
    expect(returned(everyTrapThrows())).toBe('applied') // a function: as any other
    expect(returned({ ok: true })).toBe('applied')
  })

  it('an executor or instanceof check on such a value is a plain no', () => {
    expect(isExecutor(everyTrapThrows({ awaitable: true }))).toBe(false)
    expect(isInstance(everyTrapThrows(), Error)).toBe(false)
    expect(isInstance(new RangeError('r'), Error)).toBe(true)
  })
})
