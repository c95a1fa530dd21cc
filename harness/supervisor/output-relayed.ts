// A run's output is in its host's stdout pipe
// before its result is sent: a gate that ends on
// that result would otherwise cut the run's
// last lines (or the notice that they were cut).
import { Writable } from 'node:stream'

// As loaded: an executor may replace them.
const apply = Reflect.apply
const write = Writable.prototype.write
const arm = globalThis.setTimeout
const disarm = globalThis.clearTimeout
const streams = [process.stdout, process.stderr]

/** Past it the result goes anyway (a corked stdout). */
export const RELAY_WAIT_REAL_MS = 1_000

/**
 * Settles once the host has read all printed
 * so far (a worker's stdio calls a write back
 * when its reader asks for more); null if
 * nothing is waiting, so nothing is awaited.
 */
export function outputRelayed(): Promise<void> | null {
  let left = 0
  for (const s of streams) if (s.writableLength > 0) left++
  if (left === 0) return null
  return new Promise((resolve) => {
    const timer = arm(resolve, RELAY_WAIT_REAL_MS)
    const one = () => --left === 0 && (disarm(timer), resolve())
    for (const s of streams) if (s.writableLength > 0) apply(write, s, ['', one])
  })
}
