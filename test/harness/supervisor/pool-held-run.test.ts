// A busy worker's next run waits in its pipe,
// started as the last one's leftovers end; a
// held run its worker never reached goes back
// to the queue, not to the dead.
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { bundledRef } from '../../../executors/index.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import type { ExecutorRef } from '../../../harness/supervisor/executor-ref.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import * as spawn from '../../../harness/supervisor/spawn.ts'
import { refundScenario } from '../../support/scenario.ts'

vi.mock('../../../harness/supervisor/spawn.ts', async (original) => {
  const real = await original<typeof import('../../../harness/supervisor/spawn.ts')>()
  return { ...real, post: vi.fn(real.post) }
})

/** A hostile fixture, by name. */
function hostile(name: string): ExecutorRef {
  const path = fileURLToPath(new URL(`../../fixtures/hostile/${name}.ts`, import.meta.url))
  return { kind: 'module', path, spec: path }
}

/** `work` on a one-worker pool, closed after. */
async function withPool(ref: ExecutorRef, work: (pool: WorkerPool) => Promise<void>): Promise<void> {
  const pool = await WorkerPool.open(ref, { workers: 1 })
  try {
    await work(pool)
  } finally {
    await pool.close()
  }
}

/** Runs sent to workers so far. */
const runsSent = () => vi.mocked(spawn.post).mock.calls.filter(([, m]) => m.type === 'run').length

const refund = (orderId: string, seed: number) =>
  refundScenario({
    seed,
    plan: [
      {
        stepId: 's1',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: orderId },
      },
    ],
  })

describe('a run held at its worker', () => {
  it('is sent while the worker is busy, and its history is the one it has alone', async () => {
    await withPool(bundledRef('reference'), async (pool) => {
      const sent = runsSent()
      const both = Promise.all([pool.run(refund('ORD-1', 1)), pool.run(refund('ORD-2', 2))])
      // The second waits at the worker, not here.
      expect(runsSent() - sent).toBe(2)
      const [, second] = await both
      const alone = await pool.run(refund('ORD-2', 2))
      expect(second.died).toBe(false)
      expect(JSON.stringify(second.history)).toBe(JSON.stringify(alone.history))
      expect(pool.workersStarted).toBe(1)
    })
  })

  it('goes back to the queue when its worker ends, and runs in the next', async () => {
    await withPool(hostile('exit-on-order-exit'), async (pool) => {
      const sent = runsSent()
      const [exits, held] = await Promise.all([pool.run(refund('ORD-EXIT', 1)), pool.run(refund('ORD-2', 2))])
      expect(exits.died).toBe(true)
      expect(eventsOf(exits.history, 'executor-fault').map((e) => e.problem)).toContain('exited')
      expect(held.died).toBe(false)
      expect(eventsOf(held.history, 'executor-fault')).toEqual([])
      // Sent twice: held, then to the new worker.
      expect(runsSent() - sent).toBe(3)
      expect(pool.workersStarted).toBe(2)
    })
  })

  it('is not started by a worker its leftovers recycle: it runs in the next, fresh', async () => {
    await withPool(hostile('timer-loop-after-run'), async (pool) => {
      // Dropped, then answered: the executor's
      // retry timer loops on after the run.
      const cutOff = refundScenario({
        model: { maxAsks: 1, regenerateArgs: false },
        faults: [{ kind: 'dropped', boundary: 'in-transit', step: 's1', send: 1 }],
      })
      const plain = refundScenario({ model: { maxAsks: 1, regenerateArgs: false } })
      const [, held] = await Promise.all([pool.run(cutOff), pool.run(plain)])
      const answers = held.history.flatMap((e) => (e.type === 'outcome-reported' ? [e.envelope.message] : []))
      expect(answers).toEqual(['calls=1']) // a new module instance
      expect(eventsOf(held.history, 'executor-fault')).toEqual([])
      expect(pool.workersStarted).toBe(2)
    })
  })
})
