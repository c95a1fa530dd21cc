// Terminal escaping: every control a terminal
// (or a CI log) obeys shows as a visible escape,
// a field never breaks its line, and termDeep
// escapes a copy (keys too) and leaves the data.
import { describe, expect, it } from 'vitest'
import { term, termDeep, terminalText } from '../../../reports/escape/terminal.ts'
import { HOSTILE_NAME, RAW_CONTROL } from '../../support/actions-runner.ts'

describe('term', () => {
  it('shows C0, DEL, C1, bidi and line separators as escapes, the rest as is', () => {
    expect(term('a\nb\r\tc')).toBe('a\\nb\\r\\tc')
    expect(term('\u001b[31mred\u001b]0;t\u0007')).toBe('\\x1b[31mred\\x1b]0;t\\x07')
    expect(term('\u0000\u007f\u0085\u009b')).toBe('\\x00\\x7f\\x85\\x9b')
    expect(term('\u202eevil\u2066\u2028\u2029')).toBe('\\u202eevil\\u2066\\u2028\\u2029')
    // Printable text, paths and Unicode untouched.
    expect(term('naïve — ✓ C:\\x\\y "q" ::ok')).toBe('naïve — ✓ C:\\x\\y "q" ::ok')
    expect(term(42)).toBe('42')
  })

  it('leaves nothing raw of a hostile name, on one line, and is idempotent', () => {
    const once = term(HOSTILE_NAME)
    expect(once).not.toMatch(RAW_CONTROL)
    expect(once).not.toMatch(/[\n\u202e]/)
    expect(term(once)).toBe(once)
  })
})

describe('terminalText', () => {
  it('keeps line breaks, escapes the rest', () => {
    expect(terminalText('one\ntwo\r\n\u001b[2J')).toBe('one\ntwo\\r\n\\x1b[2J')
  })
})

describe('termDeep', () => {
  it('escapes every string and key of a copy; the original is unchanged', () => {
    const data = Object.freeze({
      name: HOSTILE_NAME,
      n: 3,
      ok: true,
      none: null,
      list: [HOSTILE_NAME, 1, { deep: '\u0007' }],
      violations: { 'j\u001b': 2 },
    })
    const copy = termDeep(data)
    expect(copy).toEqual({
      name: term(HOSTILE_NAME),
      n: 3,
      ok: true,
      none: null,
      list: [term(HOSTILE_NAME), 1, { deep: '\\x07' }],
      violations: { 'j\\x1b': 2 },
    })
    expect(data.name).toBe(HOSTILE_NAME)
    expect(JSON.stringify(copy)).not.toMatch(/\\u00(0|1)|\\[nrt]"/)
  })

  it('keeps a key named __proto__ a key, not a prototype', () => {
    const copy = termDeep(JSON.parse('{"__proto__": {"polluted": "\\u0007"}}') as Record<string, unknown>)
    expect(Object.keys(copy)).toEqual(['__proto__'])
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })
})
