// A run's output reaches its host before its
// result does: a gate that ends on that result
// would otherwise cut the run's last lines
// (or the notice that they were cut).
import { Writable } from 'node:stream'

// As loaded: an executor may replace them.
const apply = Reflect.apply
const write = Writable.prototype.write
const streams = [process.stdout, process.stderr]

/**
 * Settles once the host has read all printed
 * so far: a worker's stdio calls a write back
 * when its reader asks for more.
 */
export async function outputRelayed(): Promise<void> {
  for (const s of streams) if (s.writableLength > 0) await new Promise((r) => apply(write, s, ['', r]))
}
