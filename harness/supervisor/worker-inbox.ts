// A worker's runs from its pipe, one at a time:
// one sent while another runs waits here until
// that one ends (the stream may buffer it; no
// harness code reads it mid-run).
import { Socket } from 'node:net'
import { FrameReader } from './frames.ts'
import type { ToWorker } from './protocol.ts'

export interface Inbox {
  /** Recycled: it takes no more. */
  retire(): void
}

export interface Handlers {
  /** The real setImmediate (not a run's). */
  readonly later: (fn: () => void) => void
  /** Each message, in its own turn. */
  readonly handle: (m: ToWorker) => Promise<void>
  /** `handle` threw: the inbox retires. */
  readonly failed: (m: ToWorker, e: unknown) => void
  /** The pipe failed: no more can come. */
  readonly broken: (e: unknown) => void
}

/** The messages read from `fd`, one at a time. */
export function openInbox(fd: number, { later, handle, failed, broken }: Handlers): Inbox {
  const pipe = new Socket({ fd, readable: true, writable: false })
  const reader = new FrameReader()
  const queue: ToWorker[] = []
  let busy = false
  let retired = false
  // Syntax, not .catch/.finally: a leftover
  // may have replaced Promise's methods.
  async function settle(m: ToWorker): Promise<void> {
    try {
      await handle(m)
    } catch (e) {
      retired = true
      failed(m, e)
    } finally {
      busy = false
      pipe.resume()
      next()
    }
  }
  function next(): void {
    const m = busy || retired ? undefined : queue.shift()
    if (!m) return
    busy = true
    pipe.pause()
    // Its own turn, not the reader's stack.
    later(() => void settle(m))
  }
  pipe.on('error', broken)
  pipe.on('data', (chunk: Buffer) => {
    for (const m of reader.read(chunk)) queue.push(m as ToWorker)
    next()
  })
  return {
    retire: () => {
      retired = true
    },
  }
}
