// A worker's runs and results cross pipes of
// their own, not its host: what a run printed
// still comes before its result; text the
// executor writes into them is its run's
// finding, never a crash of the supervisor.
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import { refundScenario } from '../../support/scenario.ts'

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/hostile/${name}.ts`, import.meta.url))
const path = fileURLToPath(new URL('../../fixtures/hostile/writes-into-harness-pipes.ts', import.meta.url))

const refund = (orderId: string) =>
  refundScenario({
    seed: 1,
    plan: [
      {
        stepId: 's1',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: orderId },
      },
    ],
  })

afterEach(() => {
  delete process.env.FAULTLINE_TAMPER_FD
  delete process.env.FAULTLINE_TAMPER_FORGE
  delete process.env.FAULTLINE_TAMPER_SPIN
  delete process.env.FAULTLINE_TAMPER_HEX
  delete process.env.FAULTLINE_TAMPER_LATER
})

/** `work` on a one-worker pool whose executor writes into `fd`. */
async function tampering(fd: number, work: (pool: WorkerPool) => Promise<void>): Promise<void> {
  process.env.FAULTLINE_TAMPER_FD = String(fd)
  const pool = await WorkerPool.open({ kind: 'module', path, spec: path }, { workers: 1 })
  try {
    await work(pool)
  } finally {
    await pool.close()
  }
}

describe("text written into a worker's pipes", () => {
  // fd 6 is not the result's pipe: the run
  // spins after, so only the catch ends it.
  it.each([
    [5, 'its results'],
    [6, "its host's messages"],
  ])("into %s (%s) is the run's finding, and the next run is a new worker's", (fd) => {
    if (fd === 6) process.env.FAULTLINE_TAMPER_SPIN = '1'
    return tampering(fd, async (pool) => {
      const tampered = await pool.run(refund('ORD-TAMPER'))
      expect(tampered.died).toBe(true)
      const faults = eventsOf(tampered.history, 'executor-fault')
      expect(faults.map((e) => e.message)).toEqual(["it wrote into the harness's pipe from its worker"])
      const next = await pool.run(refund('ORD-1'))
      expect(next.died).toBe(false)
      expect(eventsOf(next.history, 'executor-fault')).toEqual([])
      expect(pool.workersStarted).toBe(2)
    })
  })

  it("a forged result, a clean history for a task it guessed, is the run's finding too, never its history", () => {
    process.env.FAULTLINE_TAMPER_FORGE = '1'
    return tampering(5, async (pool) => {
      const tampered = await pool.run(refund('ORD-TAMPER'))
      expect(tampered.died).toBe(true)
      const faults = eventsOf(tampered.history, 'executor-fault')
      expect(faults.map((e) => e.message)).toEqual(["it wrote into the harness's pipe from its worker"])
      expect((await pool.run(refund('ORD-1'))).died).toBe(false)
    })
  })

  // Requeued, each run cost a new worker,
  // and no run held the finding (a forger of
  // later runs: 80 workers, a minute).
  it('between runs, is the finding of the run held in the pipe it tampered with', () => {
    process.env.FAULTLINE_TAMPER_LATER = '1'
    return tampering(5, async (pool) => {
      const runs = await Promise.all([pool.run(refund('ORD-TAMPER')), pool.run(refund('ORD-1'))])
      // Before the first run's `done` (a loaded
      // machine): its finding instead.
      const found = runs.map((r) => eventsOf(r.history, 'executor-fault').map((e) => e.message))
      expect(found).toContainEqual(["it wrote into the harness's pipe from its worker"])
      expect(found).toContainEqual([])
      expect((await pool.run(refund('ORD-1'))).died).toBe(false)
      expect(pool.workersStarted).toBe(2)
    })
  })

  // idle and loaded cleared the run's watchdog:
  // the executor then spun, and nothing ended it;
  // events for a guessed task went unseen. The
  // host's worker-error, before fd 6 was sealed,
  // made it an out-of-memory death (replayed).
  it.each([
    ['idle', 5],
    ['loaded', 5],
    ['events', 5],
    ['worker-error', 6],
  ])(
    "a forged '%s' mid-run (into fd %i), then a spin, is the run's finding, never a hang or another death",
    (kind, fd) => {
      process.env.FAULTLINE_TAMPER_FORGE = kind
      process.env.FAULTLINE_TAMPER_SPIN = '1'
      return tampering(fd, async (pool) => {
        const tampered = await pool.run(refund('ORD-TAMPER'), { realMs: 5_000, replay: false })
        expect(tampered.died).toBe(true)
        expect(tampered.overran).toBe(false)
        const faults = eventsOf(tampered.history, 'executor-fault')
        expect(faults.map((e) => e.message)).toEqual(["it wrote into the harness's pipe from its worker"])
      })
    },
  )

  // fd 3 was the host's IPC: Node parsed what
  // came, and a whole frame of no V8 data threw
  // in the supervisor (vitest fails on that).
  it.each([
    ['text', undefined],
    ['a whole frame of no V8 data', '000000020102'],
  ])("%s written into fd 3 (the supervisor's to the host) crashes nothing: runs go on", (_, hex) => {
    if (hex) process.env.FAULTLINE_TAMPER_HEX = hex
    return tampering(3, async (pool) => {
      await pool.run(refund('ORD-TAMPER'))
      const next = await pool.run(refund('ORD-1'))
      expect(next.died).toBe(false)
      expect(eventsOf(next.history, 'executor-fault')).toEqual([])
    })
  })

  // The host's messages went by IPC: a dump's
  // journal was lost, the hung call unseen.
  it("into its host's channel (fd 3) loses nothing the host says: a later hang's journal still comes", () =>
    tampering(3, async (pool) => {
      await pool.run(refund('ORD-TAMPER'))
      const hung = await pool.run(refund('ORD-HANG'), { realMs: 1_000, replay: false })
      expect(hung.overran).toBe(true)
      // The call began: the journal says so.
      expect(eventsOf(hung.history, 'call-started').map((e) => e.call)).toEqual(['run-1/s1'])
    }))
})

describe("a run's output", () => {
  it('reaches the output before its result does, so a pool closed at once loses none', async () => {
    let printed = ''
    const path = fixture('prints-then-answers')
    const pool = await WorkerPool.open({ kind: 'module', path, spec: path }, { output: (c) => (printed += c) })
    try {
      const ran = await pool.run(refund('ORD-1'))
      expect(ran.died).toBe(false)
    } finally {
      await pool.close()
    }
    expect(printed.split('\n').filter((l) => l.startsWith('line ')).length).toBe(20_000)
    expect(printed).toContain('line 19999\n')
  }, 60_000)

  it('is waited for only while it can go: a corked stdout, writes that never call back and a broken TextDecoder leave its result whole', async () => {
    const path = fixture('corks-and-breaks-decoding')
    const pool = await WorkerPool.open({ kind: 'module', path, spec: path }, { output: () => {} })
    try {
      for (const orderId of ['ORD-1', 'ORD-2']) {
        const ran = await pool.run(refund(orderId))
        expect(ran.died).toBe(false)
        expect(eventsOf(ran.history, 'executor-fault')).toEqual([])
        expect(eventsOf(ran.history, 'outcome-reported')).toHaveLength(1)
      }
    } finally {
      await pool.close()
    }
  }, 60_000)
})
