// The AI SDK examples gated as a team would gate them,
// SDKs at their default hosts: the nudged tools (key
// from toolCallId, no deadline) are caught, the
// careful ones pass 1,000 runs on two seeds.
import { describe, expect, it } from 'vitest'
import { gate, type GateReport } from '../../../faultline/index.ts'
import { scratchDir } from '../../support/scratch.ts'

const example = (name: string) => new URL(`../../../examples/adapters/ai-sdk/${name}.faultline.ts`, import.meta.url)

const gated = (name: string, runs: number, seed: number) =>
  gate({ executor: example(name), runs, seed, workers: 2, corpus: false, cwd: scratchDir('ai-sdk-examples') })

/** Why a gate failed, for the assertion's message. */
const why = (r: GateReport) =>
  r.counterexample
    ? `${r.counterexample.judge}: ${r.counterexample.violations[0]?.message} (${r.counterexample.replay})`
    : (r.summary.nothingTested ?? 'failed')

describe('the AI SDK examples, gated', () => {
  // Seeded, so each seed meets its flaw first.
  it.each([
    // Asked again after a success: a new toolCallId, a new key.
    [2, 'duplicate-effect'],
    // resend has no timeout, and the tool ignores abortSignal.
    [1, 'returned-after-deadline'],
  ])(
    'the nudged tools are caught on seed %i: %s, with its counterexample',
    async (seed, judge) => {
      const report = await gated('nudged', 200, seed)
      expect(report.passed).toBe(false)
      expect(report.summary.nothingTested).toBeNull()
      expect(report.counterexample?.judge, why(report)).toBe(judge)
      expect(report.counterexample?.reproduced).toBe(true)
      expect(report.counterexample?.violations.map((v) => v.judge)).toContain(judge)
    },
    120_000,
  )

  for (const seed of [1, 2])
    it(`the careful tools pass 1,000 runs on seed ${seed}`, async () => {
      const report = await gated('careful', 1_000, seed)
      expect(report.passed, why(report)).toBe(true)
      expect(report.summary.runs).toBe(1_000)
      expect(report.summary.nothingTested).toBeNull()
      expect(report.summary.blocked.attempts).toBe(0)
    }, 600_000)
})
