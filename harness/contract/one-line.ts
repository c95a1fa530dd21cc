// One line describing whatever an executor threw,
// even a Proxy that throws on every trap, or with
// String.prototype or JSON replaced: reporting a
// fault must never become a fault of the harness.
import { attempt, isInstance, UNREADABLE } from './safe-read.ts'

// As loaded: the executor may replace them.
const apply = Reflect.apply
const stringify = JSON.stringify
const objectToString = Object.prototype.toString
const indexOf = String.prototype.indexOf
const slice = String.prototype.slice
const text = String

/** `Name: message`, first line, ≤ 300 chars; never throws. */
export function oneLine(e: unknown): string {
  return firstLine(describe(e))
}

function describe(e: unknown): string {
  if (typeof e === 'string') return e
  if (e === null || (typeof e !== 'object' && typeof e !== 'function')) return safe(() => text(e), typeof e)
  if (isInstance(e, Error)) return `${safe(() => e.name, 'Error')}: ${safe(() => e.message, '(unreadable message)')}`
  const viaToString = safe(() => text(e), null)
  if (viaToString !== null && viaToString !== '[object Object]') return viaToString
  const viaJson = safe(() => stringify(e), null)
  if (viaJson !== null) return viaJson
  return safe(() => apply(objectToString, e, []) as string, UNREADABLE)
}

/** `fn()` if it gives a string, else `fallback`. */
function safe<T>(fn: () => unknown, fallback: T): string | T {
  const s = attempt(fn, fallback)
  return typeof s === 'string' ? s : fallback
}

function firstLine(s: string): string {
  const end = apply(indexOf, s, ['\n']) as number
  return apply(slice, s, [0, end === -1 || end > 300 ? 300 : end]) as string
}
