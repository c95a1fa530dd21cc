// faultline/vitest: one call gates an executor in a
// test suite. A correct one passes and returns its
// report; a flawed one fails with the judge, the
// shrunk counterexample, its seed and the exact
// replay command, which does replay it.
import { AssertionError } from 'node:assert'
import { describe, expect, it } from 'vitest'
import { main } from '../../../faultline/cli/main.ts'
import { expectNoViolations, GateFailedError } from '../../../faultline/vitest/index.ts'
import { scratchDir } from '../../support/scratch.ts'

const quiet = (cwd: string) => ({ out: () => {}, err: () => {}, cwd, env: {} })

describe('expectNoViolations', () => {
  it('resolves with the gate report when an executor module passes', async () => {
    // Every gate here runs in a scratch dir, never
    // against the repository's own corpus.
    const report = await expectNoViolations({
      executor: new URL('../../fixtures/custom-executor.ts', import.meta.url),
      runs: 30,
      workers: 1,
      corpus: false,
      cwd: scratchDir('vitest'),
    })
    expect(report.passed).toBe(true)
    expect(report.summary.executor).toBe('my-adapter')
    expect(report.summary.runs).toBe(30)
    expect(report.counterexample).toBeNull()
  })

  it('fails a flawed executor with the judge, the shrunk counterexample, its seed and a replay command that works', async () => {
    const cwd = scratchDir('vitest')
    const error = await expectNoViolations({ executor: 'naive', runs: 200, seed: 4, workers: 1, cwd }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(GateFailedError)
    expect(error).toBeInstanceOf(AssertionError)
    const { message, report } = error as GateFailedError
    const c = report.counterexample!
    expect(c.reproduced).toBe(true)
    // What failed, after how many runs, under which seed.
    expect(message.split('\n')[0]).toBe(
      `faultline: executor naive failed after ${report.summary.runs} run(s) of 200 (seed 4, profile vendor): ${c.judge} ×${report.summary.violations[c.judge]}`,
    )
    expect(message).toContain(
      `Counterexample (${c.judge}): shrunk ${c.shrinks} time(s) from run ${c.run} (fast-check seed 4, path "${c.fastCheck.path}")`,
    )
    for (const v of c.violations) expect(message).toContain(`✗ ${v.judge}: ${v.message}`)
    // The key history lines: the fault, what the
    // executor reported, none of the plumbing.
    const history = message.slice(message.indexOf('Key history'), message.indexOf('Scenario'))
    for (const f of c.scenario.faults) expect(history).toContain(`⚡ ${f.kind}`)
    expect(history).toMatch(/ask 1 → FAILED_NO_EFFECT|ask \d → \w+/)
    expect(history).not.toMatch(/run started|delivered|turn starts/)
    // The scenario, whole, as JSON.
    expect(message).toContain(JSON.stringify(c.scenario, null, 2))
    // The replay command, and the campaign's.
    expect(c.file).toMatch(/^\.faultline\/corpus\/.+--naive--[0-9a-f]+\.json$/)
    expect(message).toContain(`Replay it: npm run faultline -- run ${c.file} --executor naive`)
    expect(message).toContain(
      'Run the campaign again: npm run faultline -- gate --executor naive --runs 200 --seed 4 --workers 1',
    )
    expect(await main(['run', c.file!, '--executor', 'naive'], quiet(cwd))).toBe(1)

    // The saved counterexample is replayed first next
    // time, and still fails.
    await expect(expectNoViolations({ executor: 'naive', runs: 1, seed: 9, workers: 1, cwd })).rejects.toThrow(
      /Saved counterexamples still failing[\s\S]*replay: npm run faultline -- run \.faultline\/corpus\//,
    )
  })

  it("names the campaign's vendors, shard and coverage in the command that runs it again, whatever form they were given in", async () => {
    const cwd = scratchDir('vitest')
    const options = {
      executor: 'sendgrid-empty-202-as-unsent',
      runs: 200,
      seed: 1,
      workers: 1,
      corpus: false as const,
      cwd,
      vendors: { email: 'sendgrid' as const },
      shard: { index: 1, total: 2 },
      minCoverage: [
        { term: 'latency', kind: 'latency', boundary: null, tool: null, state: 'struck' as const, need: 1 },
      ],
    }
    const error = await expectNoViolations(options).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(GateFailedError)
    const { message, report } = error as GateFailedError
    const rerun =
      'gate --executor sendgrid-empty-202-as-unsent --runs 200 --seed 1 --vendors payments=stripe,email=sendgrid --shard 1/2 --workers 1 --no-corpus --min-coverage latency=1'
    expect(message).toContain(`Run the campaign again: npm run faultline -- ${rerun}`)
    // The command fails the same way.
    let printed = ''
    const io = { ...quiet(cwd), out: (s: string) => void (printed += s) }
    expect(await main([...rerun.split(' '), '--json'], io)).toBe(1)
    const again = JSON.parse(printed) as typeof report
    expect(again.counterexample?.judge).toBe(report.counterexample?.judge)
    expect(again.summary.runs).toBe(report.summary.runs)
  })

  it('fails an executor that never sends: nothing tested is no pass, and the message says why', async () => {
    const error = await expectNoViolations({
      executor: new URL('../../fixtures/nothing-tested/never-sends.ts', import.meta.url),
      runs: 20,
      seed: 2,
      workers: 1,
      corpus: false,
      cwd: scratchDir('vitest'),
    }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(GateFailedError)
    const { message, report } = error as GateFailedError
    expect(report.counterexample).toBeNull()
    expect(message.split('\n')[0]).toBe(
      `faultline: executor never-sends tested nothing in 20 run(s) (seed 2, profile vendor): ${report.summary.nothingTested}`,
    )
    expect(message).toContain('api.stripe.com and api.resend.com')
    expect(message).toContain('Run the campaign again: npm run faultline -- gate --executor ')
  })

  it('throws a plain one-line error, not a failed gate, for an executor that cannot be loaded', async () => {
    const error = await expectNoViolations({
      executor: './no-such-executor.ts',
      workers: 1,
      corpus: false,
      cwd: scratchDir('vitest'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(AssertionError)
    expect((error as Error).message).toMatch(/^faultline: .*no-such-executor\.ts/)
    expect((error as Error).message).not.toContain('\n')
  })
})
