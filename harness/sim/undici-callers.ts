// Whose request it is. A queued one starts
// from another's end (a Pool's 'drain'), in
// that one's async context, and the harness
// attributes requests by context: so each
// handler's caller is kept at its dispatch
// in a run, and a drained one takes it.
import { AsyncLocalStorage } from 'node:async_hooks'

/** Runs `fn` as the caller did. */
export type Caller = <R>(fn: () => R) => R

const seen = new WeakMap<object, Caller>()
let draining = 0

/** A 'drain' emitted: dispatches are not new. */
export function whileDraining<T>(fn: () => T): T {
  draining++
  try {
    return fn()
  } finally {
    draining--
  }
}

/**
 * At a dispatch in a run. From a drain, an
 * unseen handler is a wrapper made after we
 * saw its request (6.x RedirectHandler): its
 * inner handler's.
 */
export function remember(handler: unknown): void {
  if (typeof handler !== 'object' || handler === null) return
  if (!draining) return void seen.set(handler, AsyncLocalStorage.snapshot())
  const found = callerOf(handler)
  if (found) seen.set(handler, found)
}

/** Its own, or the handler it wraps'; none: not a run's. */
export function callerOf(handler: unknown): Caller | undefined {
  for (let h = typeof handler === 'object' ? handler : null, i = 0; h && i < 9; h = inner(h), i++) {
    const found = seen.get(h)
    if (found) return found
  }
  return undefined
}

function inner(h: object): object | null {
  const next = (h as { handler?: unknown }).handler
  return typeof next === 'object' && next !== null ? next : null
}
