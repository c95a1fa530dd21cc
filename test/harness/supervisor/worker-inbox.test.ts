// A worker's runs come one at a time, the next
// only once the last is handled and its output
// relayed, read with the binding put back first;
// a pipe made non-blocking is looked at again;
// the pipe's end stops it and lets the loop end.
import { execFileSync } from 'node:child_process'
import { closeSync, constants, openSync, readSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { frame } from '../../../harness/supervisor/frames.ts'
import type { ToWorker } from '../../../harness/supervisor/protocol.ts'
import { type Handlers, openInbox } from '../../../harness/supervisor/worker-inbox.ts'
import { scratchDir } from '../../support/scratch.ts'

const EXECUTOR = { kind: 'bundled', name: 'reference', path: '/x', export: 'reference' } as const
const RUNS: ToWorker[] = [1, 2, 3].map((task) => ({ type: 'load', task, executor: EXECUTOR }))
const BYTES = Buffer.concat(RUNS.map((m) => frame(m)))

/** A file of frames, open for reading (its end: 0 bytes). */
function framesFile(): number {
  const path = join(scratchDir('worker-inbox'), 'runs.bin')
  writeFileSync(path, BYTES)
  return openSync(path, 'r')
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

/** Handlers that log, and say when task 3 is handled. */
function logged(events: string[], done: () => void): Handlers {
  return {
    later: setImmediate,
    restore: () => (events.push('restore'), true),
    relayed: () => (events.push('relayed'), null),
    async handle(m) {
      events.push(`start ${m.task}`)
      await new Promise((r) => setTimeout(r, 5))
      events.push(`end ${m.task}`)
      if (m.task === 3) setTimeout(done, 20)
    },
    failed: (_m, e) => events.push(`failed ${String(e)}`),
    broken: (e) => events.push(`broken ${String(e)}`),
  }
}

describe('openInbox', () => {
  it('hands each message over once the last is handled and relayed, then stops at the end', async () => {
    const fd = framesFile()
    const events: string[] = []
    const before = timers()
    try {
      await new Promise<void>((done) => {
        openInbox(fd, logged(events, done))
        expect(timers()).toBe(before + 1) // holds the loop open
      })
    } finally {
      closeSync(fd)
    }
    expect(events.filter((e) => e !== 'restore')).toEqual([
      'start 1',
      'end 1',
      'relayed',
      'start 2',
      'end 2',
      'relayed',
      'start 3',
      'end 3',
      'relayed',
    ])
    expect(events[0]).toBe('restore') // before its first read
    expect(timers()).toBe(before) // the end let it go
  })

  it('reads nothing it cannot put the binding back for: broken, the bytes left in the pipe', async () => {
    const fd = framesFile()
    const before = timers()
    let handled = 0
    const head = Buffer.alloc(4)
    try {
      const broken = await new Promise<unknown>((resolve) => {
        openInbox(fd, {
          ...logged([], () => {}),
          restore: () => false,
          handle: async () => {
            handled++
          },
          broken: resolve,
        })
      })
      expect(String(broken)).toMatch(/cannot be put back/)
      readSync(fd, head, 0, 4, null)
    } finally {
      closeSync(fd)
    }
    expect(handled).toBe(0)
    expect(head).toEqual(BYTES.subarray(0, 4))
    expect(timers()).toBe(before)
  })

  it('looks again at a pipe made non-blocking, and reads what comes', async () => {
    const path = join(scratchDir('worker-inbox'), 'runs.fifo')
    execFileSync('mkfifo', [path])
    // Read and write ends in one: never at its end.
    const fd = openSync(path, constants.O_RDWR | constants.O_NONBLOCK)
    const events: string[] = []
    try {
      await new Promise<void>((done) => {
        openInbox(fd, logged(events, done))
        setTimeout(() => writeSync(fd, BYTES), 30) // after a few looks
      })
    } finally {
      closeSync(fd)
    }
    expect(events.filter((e) => e.startsWith('start') || e.startsWith('broken'))).toEqual([
      'start 1',
      'start 2',
      'start 3',
    ])
  })
})
