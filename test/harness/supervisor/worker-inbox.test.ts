// A worker's runs come one at a time, the next
// only once the last is handled, read with the
// binding put back first; the pipe's end stops
// it, and lets the thread's loop end.
import { closeSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { frame } from '../../../harness/supervisor/frames.ts'
import type { ToWorker } from '../../../harness/supervisor/protocol.ts'
import { openInbox } from '../../../harness/supervisor/worker-inbox.ts'
import { scratchDir } from '../../support/scratch.ts'

const EXECUTOR = { kind: 'bundled', name: 'reference', path: '/x', export: 'reference' } as const
const RUNS: ToWorker[] = [1, 2, 3].map((task) => ({ type: 'load', task, executor: EXECUTOR }))

/** A file of frames, open for reading (a pipe's end: 0 bytes). */
function framesFile(messages: readonly ToWorker[]): number {
  const path = join(scratchDir('worker-inbox'), 'runs.bin')
  writeFileSync(path, Buffer.concat(messages.map((m) => frame(m))))
  return openSync(path, 'r')
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

describe('openInbox', () => {
  it('hands each message over once the last is handled, then stops at the end', async () => {
    const fd = framesFile(RUNS)
    const events: string[] = []
    const before = timers()
    let end!: () => void
    const ended = new Promise<void>((resolve) => {
      end = resolve
    })
    let restores = 0
    openInbox(fd, {
      later: setImmediate,
      restore: () => (restores++, true),
      async handle(m) {
        events.push(`start ${m.task}`)
        await new Promise((r) => setTimeout(r, 5))
        events.push(`end ${m.task}`)
        if (m.task === 3) setTimeout(end, 20)
      },
      failed: (_m, e) => events.push(`failed ${String(e)}`),
      broken: (e) => events.push(`broken ${String(e)}`),
    })
    expect(timers()).toBe(before + 1) // holds the loop open
    await ended
    closeSync(fd)
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
    expect(restores).toBeGreaterThanOrEqual(2) // the read, then the end's
    expect(timers()).toBe(before) // the end let it go
  })

  it('reads nothing it cannot put the binding back for: broken', async () => {
    const fd = framesFile(RUNS)
    const before = timers()
    let handled = 0
    const broken = await new Promise<unknown>((resolve) => {
      openInbox(fd, {
        later: setImmediate,
        restore: () => false,
        handle: async () => {
          handled++
        },
        failed: () => {},
        broken: resolve,
      })
    })
    closeSync(fd)
    expect(String(broken)).toMatch(/cannot be put back/)
    expect(handled).toBe(0)
    expect(timers()).toBe(before)
  })
})
