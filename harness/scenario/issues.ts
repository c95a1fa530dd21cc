// A schema's complaint as one line a person
// can act on: the place (`faults[0].kind`),
// what is wrong, and the fix.
import type { z } from 'zod'

/** `faults[0].kind`, `services.payments`, or `(top level)`. */
export function pathOf(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out || '(top level)'
}

/**
 * The key of `known` close enough
 * to `key` to be a misspelling.
 */
export function didYouMean(key: string, known: readonly string[]): string | null {
  let best: string | null = null
  let bestDistance = Infinity
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase())
    if (d < bestDistance) [best, bestDistance] = [k, d]
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : null
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]!
}

/** The keys the schema's object at `path` knows. */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[], input: unknown): string[] {
  let s: unknown = schema
  let value: unknown = input
  const def = (x: unknown) => (x as { _zod: { def: Record<string, unknown> } })._zod.def
  const unwrap = (x: unknown): unknown => {
    for (;;) {
      const d = def(x)
      if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default') x = d.innerType
      else if (d.type === 'union') {
        const kind = (value as { kind?: unknown } | null)?.kind
        const options = d.options as unknown[]
        x = options.find((o) => matchesKind(o, kind)) ?? options[0]
      } else return x
    }
  }
  for (const p of path) {
    s = unwrap(s)
    const d = def(s)
    if (d.type === 'object') s = (d.shape as Record<string, unknown>)[String(p)]
    else if (d.type === 'array') s = d.element
    else if (d.type === 'record') s = d.valueType
    else return []
    value = (value as Record<PropertyKey, unknown> | null)?.[p]
    if (s === undefined) return []
  }
  s = unwrap(s)
  const d = def(s)
  return d.type === 'object' ? Object.keys(d.shape as object) : []
}

function matchesKind(option: unknown, kind: unknown): boolean {
  const shape = (option as { _zod: { def: { shape?: Record<string, { _zod: { def: { values?: unknown[] } } }> } } })
    ._zod.def.shape
  return shape?.kind?._zod.def.values?.includes(kind) ?? false
}

/**
 * The first issue worth telling, as one line.
 * Unknown keys come first: they explain the rest.
 */
export function describeIssues(error: z.ZodError, schema: z.ZodType, input: unknown, what = 'a scenario'): string {
  const issues = [...error.issues].sort((a, b) => rank(a) - rank(b))
  const issue = issues[0]!
  const where = pathOf(issue.path)
  const value = valueAt(input, issue.path)
  const got = value === undefined ? 'nothing' : JSON.stringify(value)
  if (issue.path.length === 0 && issue.code === 'invalid_type') return `${what} must be a JSON object`
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!
      const known = knownKeysAt(schema, issue.path, input)
      const inside = issue.path.length ? ` in ${where}` : ''
      if (key === 'attempt' && known.includes('step'))
        return `unknown key "attempt"${inside}: faults are addressed by step now — "step": "<stepId>" with "send": n (or "probe": n)`
      const guess = didYouMean(key, known)
      return guess
        ? `unknown key "${key}"${inside}: did you mean "${guess}"?`
        : `unknown key "${key}"${inside}: expected one of ${known.map((k) => `"${k}"`).join(', ')}`
    }
    case 'invalid_union': {
      // A fault whose kind is no kind: name
      // the kinds, and the likely one.
      const base = issue.path.at(-1) === 'kind' ? issue.path.slice(0, -1) : issue.path
      const kind = (valueAt(input, base) as { kind?: unknown } | null)?.kind
      const kinds = unionKinds(schema, base)
      const guess = typeof kind === 'string' ? didYouMean(kind, kinds) : null
      return `${pathOf(base)}.kind must be one of ${kinds.join(', ')}, got ${JSON.stringify(kind) ?? 'nothing'}${guess ? ` — did you mean "${guess}"?` : ''}`
    }
    case 'invalid_type':
      return value === undefined
        ? `${where} is missing (expected ${issue.expected})`
        : `${where} must be ${article(issue.expected)}, got ${got}`
    case 'invalid_value': {
      const options = issue.values.map((v) => JSON.stringify(v))
      const guess = typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : null
      return `${where} must be ${options.length === 1 ? options[0] : `one of ${options.join(', ')}`}, got ${got}${guess && guess !== value ? ` — did you mean "${guess}"?` : ''}`
    }
    case 'too_small':
      return `${where} must be ${issue.origin === 'array' ? `a list of at least ${String(issue.minimum)}` : issue.origin === 'string' ? `at least ${String(issue.minimum)} characters` : `at least ${String(issue.minimum)}`}, got ${got}`
    case 'too_big':
      return `${where} must be ${issue.origin === 'array' ? `a list of at most ${String(issue.maximum)}` : issue.origin === 'string' ? `at most ${String(issue.maximum)} characters` : `at most ${String(issue.maximum)}`}, got ${got}`
    default:
      return `${where}: ${issue.message}`
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number'
  if (expected === 'record') return 'an object'
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

/**
 * The `kind` literals of the union
 * at `path` (the fault kinds).
 */
function unionKinds(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let s: unknown = schema
  const def = (x: unknown) => (x as { _zod: { def: Record<string, unknown> } })._zod.def
  for (const p of path) {
    for (let d = def(s); d.type === 'optional' || d.type === 'nullable'; d = def(s)) s = d.innerType
    const d = def(s)
    s =
      d.type === 'object' ? (d.shape as Record<string, unknown>)[String(p)] : d.type === 'array' ? d.element : undefined
    if (s === undefined) return []
  }
  const d = def(s)
  if (d.type !== 'union') return []
  return (d.options as unknown[]).flatMap((o) =>
    (
      (def(o).shape as Record<string, { _zod: { def: { values?: unknown[] } } }> | undefined)?.kind?._zod.def.values ??
      []
    ).map(String),
  )
}

function rank(issue: z.core.$ZodIssue): number {
  return issue.code === 'unrecognized_keys' ? 0 : 1
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input
  for (const p of path) v = (v as Record<PropertyKey, unknown> | null)?.[p]
  return v
}
