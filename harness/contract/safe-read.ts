// Reading a value the executor gave us (a throw,
// a return, a rejection) without running its
// traps into the harness: a Proxy whose every
// trap throws is read as what it is, never as a
// failure of the harness.

/** `fn()`, or `fallback` if it throws. */
export function attempt<T, F>(fn: () => T, fallback: F): T | F {
  try {
    return fn()
  } catch {
    return fallback
  }
}

/** `value instanceof C`, false where a trap throws. */
export function isInstance<T>(value: unknown, C: abstract new (...args: never[]) => T): value is T {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  try {
    return value instanceof C
  } catch {
    return false
  }
}

/** Said of a value nobody can read. */
export const UNREADABLE = 'an object whose traps throw'
