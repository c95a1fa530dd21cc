// After a crash, a worker boots the next process from
// a fresh copy of the executor's modules: state kept
// at module level dies with the process, as in a real
// restart. In this thread (trusted code) it is shared.
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { ExecutorCrash } from '../../../harness/faults/executor-crash.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { ExecutorRef } from '../../../harness/supervisor/executor-ref.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import { COPY_LOAD_REAL_MS, copiesNeeded, MAX_COPIES } from '../../../harness/supervisor/process-copies.ts'
import { refundScenario } from '../../support/scenario.ts'

const fixture = (name: string): ExecutorRef => {
  const path = fileURLToPath(new URL(`../../fixtures/module-state/${name}.ts`, import.meta.url))
  return { kind: 'module', path, spec: path }
}

const crash: ExecutorCrash = {
  kind: 'executor-crash',
  boundary: 'executor',
  step: 's1',
  point: 'after-send',
  nth: 1,
  pauseMs: 1_000,
}
// The refund lands; the process dies before it
// hears back; the model asks again.
const crashAfterSend = refundScenario({ faults: [crash], model: { maxAsks: 2, regenerateArgs: false } })

async function inWorker(name: string) {
  const output: string[] = []
  const pool = await WorkerPool.open(fixture(name), { output: (chunk) => output.push(chunk) })
  try {
    const { history } = await pool.run(crashAfterSend)
    return { history, output: output.join('') }
  } finally {
    await pool.close()
  }
}

describe('a process restarted after a crash, in a worker', () => {
  // A .ts file is CommonJS in a package `npm init -y`
  // made: the require cache, not the ESM loader's.
  for (const [fixture, what] of [
    ['outbox-in-module', 'the modules'],
    ['commonjs/outbox', "a CommonJS package's files"],
  ] as const)
    it(`boots from a fresh copy of ${what}: an outbox kept at module level is gone, and the refund is made twice`, async () => {
      const { history } = await inWorker(fixture)
      expect(eventsOf(history, 'process-booted').map((b) => b.generation)).toEqual([1, 2])
      expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
      expect(judge(history).violations.map((v) => v.judge)).toContain('duplicate-effect')
    })

  it('copies the files the executor imports: an outbox kept in one is gone too', async () => {
    const { history } = await inWorker('outbox-imported')
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
  })

  it("keeps a CommonJS package's packages shared: fast-check required once, the team's keys copied", async () => {
    const { history } = await inWorker('commonjs/package-kept')
    expect(eventsOf(history, 'process-booted').map((b) => b.generation)).toEqual([1, 2])
    expect(eventsOf(history, 'executor-fault')).toEqual([])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
  })

  it('shares packages (node_modules) between copies: re-evaluating them would cost seconds for LangChain', async () => {
    const { history } = await inWorker('package-kept')
    expect(eventsOf(history, 'process-booted').map((b) => b.generation)).toEqual([1, 2])
    expect(eventsOf(history, 'executor-fault')).toEqual([])
    // Its own files are copied all the same.
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
  })

  it('shares the first copy when a module cannot be evaluated twice, and says so', async () => {
    const { history, output } = await inWorker('second-load-throws')
    expect(output).toMatch(
      /second-load-throws\.ts did not load a second time \(.*metric "refunds" is already registered.*\): after a crash, its next process shares the dead one's module state/,
    )
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })
})

describe("a run's time, with copies to load", () => {
  it('starts once its copies are loaded: a run that then hangs is cut at its own budget, not the allowance', async () => {
    const path = fileURLToPath(new URL('../../fixtures/hostile/busy-loop.ts', import.meta.url))
    const pool = await WorkerPool.open({ kind: 'module', path, spec: path }, { budgets: { runRealMs: 1_000 } })
    // Four crashes: four copies, 4 × the allowance.
    const faults = [1, 2, 3, 4].map((nth) => ({ ...crash, nth }))
    try {
      const outcome = await pool.run(refundScenario({ faults }))
      expect(outcome.overran).toBe(true)
      // From the copies' load: its own 1 s, not
      // 1 s + 4 × COPY_LOAD_REAL_MS (9 s).
      expect(outcome.realMs).toBeLessThan(1_000 + 2 * COPY_LOAD_REAL_MS)
    } finally {
      await pool.close()
    }
  })
})

describe('in the caller thread', () => {
  it('the processes share module state (trusted code, documented): the kept key is reused', async () => {
    const { default: executor } = await import('../../fixtures/module-state/outbox-in-module.ts')
    const { history } = await runScenario(crashAfterSend, executor)
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
  })
})

describe('copies a run needs', () => {
  it('one per crash it holds, at most MAX_COPIES', () => {
    expect(copiesNeeded(refundScenario({}))).toBe(0)
    expect(copiesNeeded(crashAfterSend)).toBe(1)
    const many = refundScenario({
      faults: Array.from({ length: MAX_COPIES + 3 }, (_, i) => ({ ...crash, nth: i + 1 })),
    })
    expect(copiesNeeded(many)).toBe(MAX_COPIES)
  })
})
