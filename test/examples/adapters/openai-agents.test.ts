// The OpenAI Agents JS examples gated as a team would
// gate them, SDKs at their default hosts: the nudged
// tools (key from details.toolCall.callId) are caught,
// the careful ones pass 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import careful from '../../../examples/adapters/openai-agents/careful.faultline.ts'
import nudged from '../../../examples/adapters/openai-agents/nudged.faultline.ts'
import { gate, judge, runScenario, type GateReport } from '../../../faultline/index.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

const example = (name: string) =>
  new URL(`../../../examples/adapters/openai-agents/${name}.faultline.ts`, import.meta.url)

async function gated(name: string, runs: number, seed: number): Promise<GateReport> {
  const started = performance.now()
  const cwd = scratchDir('openai-agents-examples')
  const report = await gate({ executor: example(name), runs, seed, workers: 2, corpus: false, cwd })
  // Timings, for whoever tunes the suite.
  console.log(`${name}: ${runs} runs, seed ${seed}: ${Math.round(performance.now() - started)} ms`)
  return report
}

/** Why a gate failed, for the assertion's message. */
const why = (r: GateReport) =>
  r.counterexample
    ? `${r.counterexample.judge}: ${r.counterexample.violations[0]?.message} (${r.counterexample.replay})`
    : (r.summary.nothingTested ?? 'failed')

describe('the OpenAI Agents JS examples, gated', () => {
  it('the nudged tools are caught: they ignore the signal, so a slow send answers after the deadline', async () => {
    const report = await gated('nudged', 200, 1)
    expect(report.passed).toBe(false)
    expect(report.summary.nothingTested).toBeNull()
    expect(report.counterexample?.judge, why(report)).toBe('returned-after-deadline')
    expect(report.counterexample?.reproduced).toBe(true)
    expect(report.counterexample?.violations.map((v) => v.judge)).toContain('returned-after-deadline')
    expect(report.counterexample?.scenario.plan.length).toBeGreaterThan(0)
  }, 300_000)

  it('asked again after "Please try again.", the nudged refund lands twice; the careful one once', async () => {
    // Every SDK try of the first ask lands, then its
    // connection resets; the model takes the sentence
    // at its word and asks again, with a new call id.
    const reset = (send: number) =>
      ({ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send }) as const
    const scenario = refundScenario({
      faults: [reset(1), reset(2), reset(3)],
      model: { maxAsks: 3, regenerateArgs: false, ignoresRetrySafe: true },
    })
    const found = async (executor: typeof nudged) => {
      const { history } = await runScenario(scenario, executor)
      return {
        effects: eventsOf(history, 'effect-applied').length,
        judges: judge(history).violations.map((v) => v.judge),
      }
    }
    expect(await found(nudged)).toEqual({ effects: 2, judges: ['duplicate-effect'] })
    expect(await found(careful)).toEqual({ effects: 1, judges: [] })
  })

  for (const seed of [1, 2])
    it(`the careful tools pass 1,000 runs on seed ${seed}`, async () => {
      const report = await gated('careful', 1_000, seed)
      expect(report.passed, why(report)).toBe(true)
      expect(report.summary.runs).toBe(1_000)
      expect(report.summary.nothingTested).toBeNull()
      expect(report.summary.blocked.attempts).toBe(0)
    }, 900_000)
})
