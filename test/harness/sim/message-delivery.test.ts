// A message posted and not yet delivered is
// work in flight: a run awaiting it is driven
// on. A port merely open is not: a run
// awaiting one is stuck at once.
import { BroadcastChannel, MessageChannel, type MessagePort } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installClock, type VirtualClock } from '../../../harness/sim/clock.ts'
import { drive, type DriveResult } from '../../../harness/sim/drive.ts'

/** Answers `value` back through a fresh channel. */
function roundTrip(value: string): Promise<string> {
  const { port1, port2 } = new MessageChannel()
  const got = new Promise<string>((resolve) =>
    port1.once('message', (m: string) => {
      port1.close()
      resolve(m)
    }),
  )
  port2.postMessage(value)
  return got
}

describe('drive, with messages in flight', () => {
  let clock: VirtualClock
  const open: { close(): void }[] = []
  beforeEach(() => {
    clock = installClock()
  })
  afterEach(() => {
    clock.uninstall()
    for (const p of open.splice(0)) p.close()
  })

  /** Drive a "run" that is `work()`. */
  async function run(work: () => Promise<unknown>, maxSteps = Infinity): Promise<DriveResult> {
    let done = false
    // Started from a message callback, as a
    // worker's run is: the check phase comes
    // before the next poll.
    await roundTrip('start')
    void work().then(() => (done = true))
    return drive(clock, () => done, clock.now() + 1_000, maxSteps)
  }

  it('drives a run awaiting a message it posted itself to its end', async () => {
    expect((await run(() => roundTrip('ping'))).kind).toBe('done')
  })

  it('delivers a message posted before virtual time moves on: a pending timer waits for it', async () => {
    let first = ''
    const race = async () => {
      first = await Promise.race([roundTrip('message'), clock.sleep(100).then(() => 'timer')])
    }
    expect((await run(race)).kind).toBe('done')
    expect(first).toBe('message')
    expect(clock.elapsed()).toBe(0)
  })

  it('drives a chain of messages, each posting the next, to its end', async () => {
    let chain = Promise.resolve('x')
    const steps = async () => {
      for (let i = 0; i < 20; i++) chain = roundTrip(await chain)
      return chain
    }
    expect((await run(steps)).kind).toBe('done')
  })

  it('drives a run awaiting a BroadcastChannel message to its end', async () => {
    const from = new BroadcastChannel('message-delivery-test')
    const to = new BroadcastChannel('message-delivery-test')
    open.push(from, to)
    const got = () =>
      new Promise((resolve) => {
        to.onmessage = resolve
        from.postMessage('ping')
      })
    expect((await run(got)).kind).toBe('done')
  })

  it('still calls a run awaiting an open, listening port nobody posts to stuck', async () => {
    const { port1 } = new MessageChannel()
    open.push(port1)
    const never = () => new Promise((resolve) => port1.once('message', resolve))
    expect((await run(never)).kind).toBe('stuck')
  })

  it('still calls a run awaiting a promise nobody resolves stuck', async () => {
    expect((await run(() => new Promise(() => {}))).kind).toBe('stuck')
  })

  it('ends at maxSteps while messages flow forever (a settling drive is bounded)', async () => {
    const { port1, port2 } = new MessageChannel()
    open.push(port1)
    const loop = (port: MessagePort) => port.on('message', () => port2.postMessage(null))
    loop(port1)
    port2.postMessage(null)
    expect((await run(() => new Promise(() => {}), 5)).kind).toBe('stuck')
  })
})
