// A run is sealed: an earlier run's leftovers never
// reach the next, real I/O is not taken for a hang,
// and the history does not change after the run.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('run isolation', () => {
  it("work an executor leaves running after its run never reaches the next run's services", async () => {
    let sent = 0
    let stop = false
    const leaky: Executor = {
      name: 'leaky',
      async boot(ctx) {
        return {
          async callTool() {
            // A real-time loop that outlives the run (bounded).
            const loop = (n: number) => {
              if (stop || n > 400) return
              sent++
              void fetch(`${ctx.services.payments}/v1/refunds`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: 'payment_intent=pi_1&amount=100',
              }).catch(() => {})
              setImmediate(() => loop(n + 1))
            }
            loop(0)
            return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
          },
        }
      },
    }
    await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), leaky)
    const { history } = await runScenario(refundScenario(), reference)
    stop = true
    expect(sent).toBeGreaterThan(0)
    expect(judge(history).violations).toEqual([])
    expect(history.filter((e) => e.type === 'attempt-sent')).toHaveLength(1) // the reference's own refund, nothing else
  })

  it('real I/O (a file read) is not mistaken for a hang', async () => {
    const reader: Executor = {
      name: 'reads-files',
      boot: async () => ({
        async callTool() {
          for (let i = 0; i < 5; i++) await readFile(new URL(import.meta.url))
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), reader)
    expect(history.filter((e) => e.type === 'executor-fault')).toEqual([])
    expect(history.filter((e) => e.type === 'outcome-reported')).toHaveLength(1)
  })

  it('the history is frozen when the run returns; late stragglers change nothing', async () => {
    const late: Executor = {
      name: 'late',
      boot: async () => ({ callTool: () => new Promise(() => {}) }),
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), late)
    const length = history.length
    await new Promise((r) => setTimeout(r, 50))
    expect(history.length).toBe(length)
    expect(Object.isFrozen(history)).toBe(true)
    expect(history.at(-1)?.type).toBe('run-ended')
  })
})
