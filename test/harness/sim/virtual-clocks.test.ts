// Every clock and timeout an executor can read is
// virtual (or faithful) in a run, and virtual time
// never runs ahead of real work it waits for.
import { subtle } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import { setTimeout as timersSetTimeout } from 'node:timers'
import { scheduler, setTimeout as sleep } from 'node:timers/promises'
import { gzip } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { NOTHING_DONE } from '../../support/envelope.ts'
import { refundScenario } from '../../support/scenario.ts'

/** Run `work` as the one tool call. */
async function inRun(
  work: (ctx: { payments: string }) => Promise<Record<string, unknown>>,
  faults: readonly Fault[] = [],
) {
  let seen: Record<string, unknown> = {}
  const executor: Executor = {
    name: 'clock-reader',
    async boot(ctx) {
      return {
        async callTool() {
          seen = await work({ payments: ctx.services.payments })
          return NOTHING_DONE
        },
      }
    },
  }
  const { history } = await runScenario(
    refundScenario({ faults: [...faults], model: { maxAsks: 1, regenerateArgs: false } }),
    executor,
  )
  return { seen, history }
}

describe('virtual clocks', () => {
  it('performance.now, process.hrtime and hrtime.bigint move with virtual time, as Date.now does', async () => {
    const { seen } = await inRun(async () => {
      const d0 = Date.now()
      const p0 = performance.now()
      const h0 = process.hrtime()
      const b0 = process.hrtime.bigint()
      await new Promise((r) => setTimeout(r, 10_000))
      return {
        date: Date.now() - d0,
        perf: performance.now() - p0,
        hr: process.hrtime(h0),
        big: Number((process.hrtime.bigint() - b0) / 1_000_000n),
      }
    })
    expect(seen).toEqual({ date: 10_000, perf: 10_000, hr: [10, 0], big: 10_000 })
  })

  it('node:timers and node:timers/promises follow the virtual clock too', async () => {
    const { seen } = await inRun(async () => {
      const t0 = Date.now()
      await sleep(3_000)
      const a = Date.now() - t0
      await scheduler.wait(2_000)
      const b = Date.now() - t0
      await new Promise((r) => timersSetTimeout(r, 1_000))
      const c = Date.now() - t0
      const aborted = await sleep(60_000, 'late', { signal: AbortSignal.timeout(500) }).catch(
        (e: Error) => `${e.name} at ${Date.now() - t0}`,
      )
      return { a, b, c, aborted }
    })
    expect(seen).toEqual({ a: 3_000, b: 5_000, c: 6_000, aborted: 'AbortError at 6500' })
  })

  it('AbortSignal.timeout validates its delay as Node does (a negative or fractional budget throws in production)', async () => {
    const { seen } = await inRun(async () => {
      const attempt = (v: unknown) => {
        try {
          AbortSignal.timeout(v as number)
          return 'ok'
        } catch (e) {
          return `${(e as Error).name} ${(e as { code: string }).code}: ${(e as Error).message}`
        }
      }
      return { negative: attempt(-1), fraction: attempt(1.5), text: attempt('5'), zero: attempt(0) }
    })
    expect(seen).toEqual({
      negative:
        'RangeError ERR_OUT_OF_RANGE: The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received -1',
      fraction:
        'RangeError ERR_OUT_OF_RANGE: The value of "delay" is out of range. It must be an integer. Received 1.5',
      text: 'TypeError ERR_INVALID_ARG_TYPE: The "delay" argument must be of type number. Received type string (\'5\')',
      zero: 'ok',
    })
    // Node itself, outside a run, agrees.
    expect(() => AbortSignal.timeout(-1)).toThrow('It must be >= 0 && <= 4294967295. Received -1')
    expect(() => AbortSignal.timeout(1.5)).toThrow('It must be an integer. Received 1.5')
  })
})

describe('socket and agent timeouts on node:http follow virtual time', () => {
  const dropped = [{ kind: 'dropped' as const, boundary: 'in-transit' as const, step: 's1', send: 1 }]
  const post = (url: string, agent: http.Agent | undefined, onRequest: (req: http.ClientRequest) => void) =>
    new Promise<string>((resolve) => {
      const req = http.request(`${url}/v1/refunds`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      onRequest(req)
      req.on('response', (res) => resolve(`response ${res.statusCode}`))
      req.on('error', (e) => resolve(`error ${e.message}`))
      req.end('payment_intent=pi_1&amount=100')
    })

  it("a timeout set on the socket from the 'socket' event fires at its virtual time", async () => {
    const { seen, history } = await inRun(async ({ payments }) => {
      const t0 = Date.now()
      const outcome = await post(payments.replace('https', 'http'), undefined, (req) =>
        req.on('socket', (s) => s.setTimeout(3_000, () => req.destroy(new Error('socket idle')))),
      )
      return { outcome, after: Date.now() - t0 }
    }, dropped)
    expect(seen).toEqual({ outcome: 'error socket idle', after: 3_000 })
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it('an http.Agent({ timeout }) times the request out at its virtual time', async () => {
    const { seen } = await inRun(async ({ payments }) => {
      const t0 = Date.now()
      const agent = new http.Agent({ timeout: 4_000 })
      const outcome = await post(payments.replace('https', 'http'), agent, (req) =>
        req.on('timeout', () => req.destroy(new Error('agent timeout'))),
      )
      return { outcome, after: Date.now() - t0 }
    }, dropped)
    expect(seen).toEqual({ outcome: 'error agent timeout', after: 4_000 })
  })
})

describe('virtual time waits for real work', () => {
  it('a Web Crypto digest, a file read and zlib take no virtual time, however long they take for real', async () => {
    const { seen } = await inRun(async () => {
      // A stray timer far ahead: a driver that did not
      // wait for the digest would jump to it.
      const stray = setTimeout(() => {}, 120_000)
      const t0 = Date.now()
      await subtle.digest('SHA-256', new TextEncoder().encode('refund pi_1 49.90 eur'))
      await readFile(import.meta.filename)
      await new Promise((r) => gzip('x'.repeat(100_000), r))
      clearTimeout(stray)
      return { elapsed: Date.now() - t0 }
    })
    expect(seen).toEqual({ elapsed: 0 })
  })
})
