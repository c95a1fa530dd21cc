// A saved scenario replays identically under load:
// an executor doing real async work (Web Crypto,
// file I/O, zlib), run 50 times with every core
// busy, gives 50 identical histories.
import { spawn, type ChildProcess } from 'node:child_process'
import { subtle } from 'node:crypto'
import { appendFile, readFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../harness/contract/executor.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'

const gzipAsync = promisify(gzip)

/** Web Crypto keys, a disk journal, bodies compressed. */
function busyExecutor(dir: string): Executor {
  return {
    name: 'real-async-work',
    async boot(ctx) {
      const journal = join(dir, `journal-${Math.random().toString(36).slice(2)}.log`)
      return {
        async callTool(call) {
          const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`${call.runId}/${call.stepId}`))
          const key = Buffer.from(digest).toString('hex').slice(0, 32)
          const body = `payment_intent=pi_1&amount=${Math.round(Number(call.args.amount) * 100)}`
          for (let attempt = 1; attempt <= 3; attempt++) {
            await appendFile(journal, `${Date.now()} send ${key} ${attempt}\n`)
            await gzipAsync(body.repeat(200))
            try {
              const res = await fetch(`${ctx.services.payments}/v1/refunds`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
                body,
                signal: AbortSignal.timeout(4_000),
              })
              const json = (await res.json()) as { id?: string }
              await appendFile(journal, `${Date.now()} answered ${res.status}\n`)
              if (res.ok)
                return {
                  status: 'SUCCEEDED',
                  retry_safe: true,
                  effect: { type: 'refund', id: json.id! },
                  action_taken: 'sent',
                  message: 'done',
                }
            } catch {
              await readFile(journal)
              await new Promise((r) => setTimeout(r, 500 * attempt))
            }
          }
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'gave-up', message: 'unknown' }
        },
      }
    },
  }
}

describe('replay under load', () => {
  let load: ChildProcess[] = []
  beforeAll(() => {
    // One busy process per core, for the whole test.
    const spin = 'for (;;) { Math.sqrt(Math.random()) }'
    load = Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
    )
  })
  afterAll(() => {
    for (const p of load) p.kill('SIGKILL')
  })

  it('gives 50 identical histories for one scenario whose executor does Web Crypto, fs and zlib work', async () => {
    const dir = scratchDir('load')
    const scenario = refundScenario({
      turnBudgetMs: 20_000,
      faults: [
        { kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 1, delayMs: 1_500 },
        { kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 2 },
      ],
      model: { maxAsks: 2, regenerateArgs: true },
    })
    const histories = new Set<string>()
    for (let i = 0; i < 50; i++) histories.add(JSON.stringify((await runScenario(scenario, busyExecutor(dir))).history))
    expect(histories.size).toBe(1)
    // Not vacuous: both faults struck, and the executor
    // sent again after them.
    const [history] = [...histories].map((h) => JSON.parse(h) as { type: string }[])
    expect(history!.filter((e) => e.type === 'fault-injected')).toHaveLength(2)
    expect(history!.filter((e) => e.type === 'attempt-sent').length).toBeGreaterThanOrEqual(3)
  }, 120_000)
})
