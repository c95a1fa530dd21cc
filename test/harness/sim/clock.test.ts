import timers from 'node:timers'
import { describe, expect, it } from 'vitest'
import { EPOCH_MS, installClock } from '../../../harness/sim/clock.ts'
import { drive } from '../../../harness/sim/drive.ts'
import { realNow } from '../../../harness/sim/real-clock.ts'

describe('virtual clock', () => {
  it('fakes Date and timers, and restores the very same globals afterwards', () => {
    const before = {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      Date: globalThis.Date,
      timeout: AbortSignal.timeout,
    }
    const clock = installClock()
    expect(Date.now()).toBe(EPOCH_MS)
    expect(globalThis.setTimeout).not.toBe(before.setTimeout)
    clock.uninstall()
    expect(globalThis.setTimeout).toBe(before.setTimeout)
    expect(globalThis.clearTimeout).toBe(before.clearTimeout)
    expect(globalThis.Date).toBe(before.Date)
    expect(AbortSignal.timeout).toBe(before.timeout)
  })

  it('clears a real timer armed before it (as fake-timers with shouldClearNativeTimers), and puts back a replaced clear', async () => {
    let fired = 0
    const real = setTimeout(() => fired++, 1)
    const realInterval = setInterval(() => fired++, 1)
    const before = { clearTimeout, clearInterval, timersClear: timers.clearTimeout }
    const clock = installClock()
    try {
      expect(timers.clearTimeout).toBe(globalThis.clearTimeout)
      clearTimeout(real)
      clearInterval(realInterval)
      globalThis.clearTimeout = (() => {}) as typeof clearTimeout
      expect(clock.tampered()).toEqual(['clearTimeout'])
    } finally {
      clock.uninstall()
    }
    expect(globalThis.clearTimeout).toBe(before.clearTimeout)
    expect(globalThis.clearInterval).toBe(before.clearInterval)
    expect(timers.clearTimeout).toBe(before.timersClear)
    await new Promise((r) => setTimeout(r, 20))
    expect(fired).toBe(0)
  })

  it('runs a minute of timers in milliseconds, in order', async () => {
    const clock = installClock()
    try {
      const order: number[] = []
      setTimeout(() => order.push(60_000), 60_000)
      setTimeout(() => order.push(10), 10)
      let done = false
      setTimeout(() => (done = true), 60_001)
      const started = realNow()
      const result = await drive(clock, () => done, EPOCH_MS + 120_000)
      expect(result.kind).toBe('done')
      expect(order).toEqual([10, 60_000])
      expect(clock.elapsed()).toBe(60_001)
      // Far less real time than the simulated minute
      // (realNow: performance.now is virtual too);
      // generous for a loaded machine.
      expect(realNow() - started).toBeLessThan(30_000)
    } finally {
      clock.uninstall()
    }
  })

  it('AbortSignal.timeout follows virtual time and aborts with a TimeoutError', async () => {
    const clock = installClock()
    try {
      const signal = AbortSignal.timeout(30_000)
      clock.advance(29_999)
      expect(signal.aborted).toBe(false)
      clock.advance(1)
      expect(signal.aborted).toBe(true)
      expect((signal.reason as DOMException).name).toBe('TimeoutError')
    } finally {
      clock.uninstall()
    }
  })

  it('reports work that can never finish as stuck, and a timer loop as over the limit', async () => {
    const clock = installClock()
    try {
      expect((await drive(clock, () => false, EPOCH_MS + 1_000)).kind).toBe('stuck')
      const id = setInterval(() => {}, 100)
      expect((await drive(clock, () => false, EPOCH_MS + 5_000)).kind).toBe('time-limit')
      clearInterval(id)
    } finally {
      clock.uninstall()
    }
  })

  it('a timer callback runs in the async context of whoever set it', async () => {
    const { AsyncLocalStorage } = await import('node:async_hooks')
    const als = new AsyncLocalStorage<string>()
    const clock = installClock()
    try {
      let seen: string | undefined = 'unset'
      als.run('call-1', () => setTimeout(() => (seen = als.getStore()), 100))
      clock.advance(100)
      expect(seen).toBe('call-1')
    } finally {
      clock.uninstall()
    }
  })
})
