// One line describing whatever an executor threw,
// even a Proxy that throws on every trap: reporting
// a fault must never become a fault of the harness.

/** `Name: message`, first line, ≤ 300 chars; never throws. */
export function oneLine(e: unknown): string {
  return firstLine(describe(e))
}

function describe(e: unknown): string {
  try {
    if (e instanceof Error) return `${safe(() => e.name, 'Error')}: ${safe(() => e.message, '(unreadable message)')}`
  } catch {
    // instanceof can throw (a Proxy's getPrototypeOf trap)
  }
  if (typeof e === 'string') return e
  if (e === null || typeof e !== 'object') return safe(() => String(e), typeof e)
  const viaToString = safe(() => String(e), null)
  if (viaToString !== null && viaToString !== '[object Object]') return viaToString
  const viaJson = safe(() => JSON.stringify(e), null)
  if (typeof viaJson === 'string') return viaJson
  return safe(() => Object.prototype.toString.call(e), 'an unprintable value')
}

function safe<T>(fn: () => string, fallback: T): string | T {
  try {
    const s = fn()
    return typeof s === 'string' ? s : fallback
  } catch {
    return fallback
  }
}

function firstLine(s: string): string {
  return (s.split('\n')[0] ?? '').slice(0, 300)
}
