// The MCP examples gated as a team would gate them,
// SDKs at their default hosts: the nudged server (key
// from extra.requestId, idempotentHint declared) is
// caught; the careful one passes 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import nudged from '../../../examples/adapters/mcp/nudged.faultline.ts'
import { gate, type GateReport, JUDGE_NAMES, judge, runScenario } from '../../../faultline/index.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

const example = (name: string) => new URL(`../../../examples/adapters/mcp/${name}.faultline.ts`, import.meta.url)

const gated = (name: string, runs: number, seed: number) =>
  gate({ executor: example(name), runs, seed, workers: 2, corpus: false, cwd: scratchDir('mcp-examples') })

/** Why a gate failed, for the assertion's message. */
const why = (r: GateReport) =>
  r.counterexample
    ? `${r.counterexample.judge}: ${r.counterexample.violations[0]?.message} (${r.counterexample.replay})`
    : (r.summary.nothingTested ?? 'failed')

// The declared hints are judged once that judge ships.
const judged: readonly string[] = JUDGE_NAMES
const caughtBy = judged.includes('declared-contract') ? ['duplicate-effect', 'declared-contract'] : ['duplicate-effect']

describe('the MCP examples, gated', () => {
  it(`the nudged server is caught: ${caughtBy.join(' and ')}, with its counterexample`, async () => {
    const report = await gated('nudged', 200, 1)
    expect(report.passed).toBe(false)
    expect(report.summary.nothingTested).toBeNull()
    expect(caughtBy, why(report)).toContain(report.counterexample?.judge)
    expect(report.counterexample?.reproduced).toBe(true)
    expect(report.counterexample?.violations.map((v) => v.judge)).toContain(report.counterexample?.judge)
  }, 120_000)

  it('asked again after a success, the nudged server refunds twice: a new requestId, a new key', async () => {
    const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: false, askAgainAfterSuccess: true } })
    const { history } = await runScenario(scenario, nudged)
    const found = judge(history).violations.map((v) => v.judge)
    for (const name of caughtBy) expect(found).toContain(name)
  })

  for (const seed of [1, 2])
    it(`the careful server passes 1,000 runs on seed ${seed}`, async () => {
      const report = await gated('careful', 1_000, seed)
      expect(report.passed, why(report)).toBe(true)
      expect(report.summary.runs).toBe(1_000)
      expect(report.summary.nothingTested).toBeNull()
      expect(report.summary.blocked.attempts).toBe(0)
    }, 600_000)
})
