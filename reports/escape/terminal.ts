// Text for a terminal or a CI log (both
// obey ANSI): what an executor wrote is
// shown, never obeyed. Control characters
// (C0, DEL, C1: ESC, BEL, CR, CSI), bidi
// overrides and line separators become
// visible escapes, e.g. \x1b, \n, \u202e.

/** Everything a terminal may act on. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
/** The same but the line break. */
const CONTROL_BUT_LF =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function visible(c: string): string {
  const code = c.charCodeAt(0)
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`)
}

/**
 * One field of a line: nothing a terminal
 * acts on, and no line break, so a field
 * can never start a line of its own.
 */
export function term(value: unknown): string {
  return String(value).replace(CONTROL, visible)
}

/** Lines: their breaks kept, the rest as term(). */
export function terminalText(text: string): string {
  return text.replace(CONTROL_BUT_LF, visible)
}

/**
 * A copy with every string, keys too, as
 * term(): a renderer formats the copy and
 * no field it prints is left raw. The data
 * itself (the JSON) is unchanged.
 */
export function termDeep<T>(value: T): T {
  return deep(value) as T
}

function deep(value: unknown): unknown {
  if (typeof value === 'string') return term(value)
  if (Array.isArray(value)) return value.map(deep)
  if (value === null || typeof value !== 'object') return value
  // fromEntries: a key "__proto__" stays a key
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [term(k), deep(v)]))
}
