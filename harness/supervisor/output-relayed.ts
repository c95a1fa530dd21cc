// A run's output is in its host's stdout pipe
// before its result is sent: a gate that ends on
// that result would otherwise cut the run's
// last lines (or the notice that they were cut).
import { Writable } from 'node:stream'

// As loaded: an executor may replace them.
const apply = Reflect.apply
const write = Writable.prototype.write
const every = globalThis.setInterval
const stop = globalThis.clearInterval
const streams = [process.stdout, process.stderr]

/**
 * Given up if none of it is read for this
 * long: a flood's batch is read in seconds, a
 * stream whose writes never call back (its
 * internals replaced) never is.
 */
export const RELAY_STALL_REAL_MS = 5_000

/** A corked stream's bytes never go. */
const goes = (s: (typeof streams)[number]) => s.writableCorked === 0 && s.writableLength > 0

/** Bytes the host has yet to read. */
function waiting(): number {
  let n = 0
  for (const s of streams) if (goes(s)) n += s.writableLength
  return n
}

/**
 * Settles once the host has read all printed
 * so far (a worker's stdio calls a write back
 * when its reader asks for more); null if
 * nothing is waiting, so nothing is awaited.
 */
export function outputRelayed(): Promise<void> | null {
  let last = waiting()
  if (last === 0) return null
  return new Promise((resolve) => {
    const end = () => (stop(timer), resolve())
    const timer = every(() => {
      const now = waiting()
      if (now === last) end()
      last = now
    }, RELAY_STALL_REAL_MS)
    let left = 0
    for (const s of streams) if (goes(s)) left++
    for (const s of streams) if (goes(s)) apply(write, s, ['', () => --left === 0 && end()])
  })
}
