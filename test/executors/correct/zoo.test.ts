// No false alarms: the correct zoo (written as real
// teams do: SDK defaults, Web Crypto keys, monotonic
// budgets) shows no violation in the vendor-faithful
// profile. Short here; `npm run bench:soak` is long.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CORRECT_ZOO, loadBundled } from '../../../executors/index.ts'
import { search } from '../../../harness/campaign/search.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { parseScenario } from '../../../harness/scenario/scenario.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 7)
const RUNS = Number(process.env.FAULTLINE_RUNS ?? 250)

describe('the correct zoo', () => {
  it('has six members, each with its own style', () => {
    expect(CORRECT_ZOO).toHaveLength(6)
  })

  it.each(CORRECT_ZOO.map((n) => [n]))(
    '%s shows no violation over generated vendor-profile runs',
    async (name) => {
      console.log(`${name}: seed ${SEED}, ${RUNS} runs (replay: FAULTLINE_SEED=${SEED} FAULTLINE_RUNS=${RUNS})`)
      const executor = await loadBundled(name)
      const result = await search(executor, {
        runs: RUNS,
        seed: SEED,
        stopAtFirstFailure: true,
        generator: scenarioGenerator(),
      })
      const c = result.counterexample
      expect(c ? `${c.judge}: ${c.violations[0]?.message ?? ''}\n${JSON.stringify(c.scenario)}` : null).toBeNull()
      expect(result.summary.runs).toBe(RUNS)
    },
    120_000,
  )
})

// The soak's seed 10, shrunk: s2 asked with
// 4.5 s of a shared turn left. A per-attempt
// split alone let stripe-node's third attempt
// start with 1.96 s left and land late.
const LATE_SDK_RETRY = {
  version: 2,
  name: 'stripe-node retries in the last seconds',
  seed: 0,
  turnBudgetMs: 12_000,
  plan: ['s1', 's2'].map((stepId) => ({
    stepId,
    tool: 'issue_refund',
    args: { payment_intent: 'pi_ord1042', amount: 49.9, currency: 'eur', order_id: 'ORD-1042' },
  })),
  faults: [
    ['acted', 1, 's1'],
    ['acted', 2, 's1'],
    ['not-reached', 1, 's2'],
    ['not-reached', 2, 's2'],
  ].map(([upstream, send, step]) => ({
    kind: 'gateway-error',
    boundary: 'gateway',
    status: 502,
    upstream,
    afterMs: 7_500,
    send,
    step,
  })),
  model: { maxAsks: 1, regenerateArgs: false },
  services: {
    payments: { processingMs: 2_000, paymentIntents: [{ id: 'pi_ord1042', amount: 50_000, currency: 'eur' }] },
  },
}

describe('stripe-sdk-defaults', () => {
  it('starts no send whose SDK retries would begin with under 3 s of the turn left', async () => {
    const parsed = parseScenario(LATE_SDK_RETRY)
    if (!parsed.ok) throw new Error(parsed.problem)
    const { history } = await runScenario(parsed.value, await loadBundled('stripe-sdk-defaults'))
    expect(judge(history).violations.map((v) => v.message)).toEqual([])
    const s2 = eventsOf(history, 'outcome-reported').filter((e) => e.call === 'run-0/s2')
    expect(s2.map((e) => e.envelope.status)).toEqual(['FAILED_NO_EFFECT'])
  })
})

// Found by the soak once run seeds were drawn
// unbiased (seeds 6 and 5), shrunk.
describe('the soak finds, fixed', () => {
  const replay = async (file: string, executor: string) => {
    const json = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', file), 'utf8')) as unknown
    const parsed = parseScenario(json)
    if (!parsed.ok) throw new Error(parsed.problem)
    return (await runScenario(parsed.value, await loadBundled(executor))).history
  }

  it("stripe-sdk-defaults: a body stalled after the headers outlasts stripe-node's idle timeout; the turn bounds the call", async () => {
    const history = await replay('stripe-node-stalled-body.json', 'stripe-sdk-defaults')
    expect(judge(history).violations.map((v) => v.message)).toEqual([])
    expect(eventsOf(history, 'outcome-reported').map((e) => e.envelope.status)).toEqual(['UNKNOWN'])
  })

  it('webcrypto-keys: a 409 (key in use) after a crash is a maybe, not "not applied": the dead send lands', async () => {
    const history = await replay('key-in-use-after-crash.json', 'webcrypto-keys')
    expect(judge(history).violations.map((v) => v.message)).toEqual([])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(eventsOf(history, 'outcome-reported').map((e) => e.envelope.status)).not.toContain('FAILED_NO_EFFECT')
  })
})
