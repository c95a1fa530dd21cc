// Real work in flight, as virtual time sees it:
// native requests until their callback has run,
// sockets until closed, on loopback only; module
// loads until the loader thread has answered.
import { generateKeyPairSync, pbkdf2, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto'
import { createServer, connect, type AddressInfo } from 'node:net'
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { trackNativeWork } from '../../../harness/sim/native-work.ts'

describe('trackNativeWork', () => {
  it('counts a thread-pool job as pending until its callback has run', async () => {
    const work = trackNativeWork()
    try {
      const done = new Promise<void>((resolve) => pbkdf2('pw', 'salt', 1_000, 32, 'sha256', () => resolve()))
      expect(work.pending()).toBe(1)
      await done
      await new Promise((r) => setImmediate(r))
      expect(work.pending()).toBe(0)
    } finally {
      work.stop()
    }
  })

  it('never counts a synchronous crypto job, which has run by the time anyone looks (a run that used one waited forever)', () => {
    const work = trackNativeWork()
    try {
      randomBytes(16)
      pbkdf2Sync('pw', 'salt', 10, 32, 'sha256')
      scryptSync('pw', 'salt', 16)
      generateKeyPairSync('ec', { namedCurve: 'P-256' })
      expect(work.pending()).toBe(0)
    } finally {
      work.stop()
    }
  })

  it('counts loopback sockets until they are closed (a listening server is not work in flight)', async () => {
    const work = trackNativeWork()
    const server = createServer((s) => s.end())
    try {
      server.listen(0, '127.0.0.1')
      await once(server, 'listening')
      expect(work.openSockets()).toBe(0)
      const client = connect((server.address() as AddressInfo).port, '127.0.0.1')
      await once(client, 'connect')
      expect(work.openSockets()).toBeGreaterThanOrEqual(1)
      client.destroy()
      await once(client, 'close')
      server.close()
      await once(server, 'close')
      await new Promise((r) => setImmediate(r))
      expect(work.openSockets()).toBe(0)
    } finally {
      work.stop()
      server.close()
    }
  })

  describe('module loading, in a thread with loader hooks (as a run worker has)', () => {
    // One thread for all: it loads tsx (seconds).
    const probe = (async () => {
      const thread = new Worker(new URL('../../fixtures/module-loading/thread.mjs', import.meta.url))
      try {
        const [result] = (await once(thread, 'message')) as [import('../../fixtures/module-loading/probe.ts').Probe]
        return result
      } finally {
        await thread.terminate()
      }
    })()

    it('counts an import() as pending until the loader thread has answered: a file, a builtin, a missing module', async () => {
      const { file, builtin, missing } = await probe
      expect(file).toEqual([1, 0])
      expect(builtin).toEqual([1, 0])
      // A failed load never closes its channel:
      // still done once the loader answered.
      expect(missing).toEqual([1, 0])
    })

    it('drives a run awaiting a module not yet loaded to its end, not "stuck" (a false hung at 0 ms)', async () => {
      const { driven, loaded } = await probe
      expect(driven).toBe('done')
      expect(loaded).toBe('b')
    })
  })
})
