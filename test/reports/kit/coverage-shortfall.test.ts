// What --min-coverage missed: each term, and a way
// to reach it that can work (a probe fault in an
// executor that looks nothing up cannot).
import { describe, expect, it } from 'vitest'
import { coverageShortfall } from '../../../reports/kit/coverage-shortfall.ts'

const unmet = (term: string, kind: string | null, got = 0) => ({
  term,
  kind,
  boundary: null,
  tool: null,
  state: 'struck' as const,
  need: 1,
  got,
  met: false,
})

describe('coverageShortfall', () => {
  it('asks for more runs or another seed where that can help', () => {
    expect(coverageShortfall([unmet('latency', 'latency')], { runs: 200, probesPerCall: 0 })).toBe(
      'latency 0 of 1 (more --runs, another --seed, or a generator that reaches it)',
    )
    expect(coverageShortfall([unmet('probe-timeout', 'probe-timeout')], { runs: 200, probesPerCall: 0.4 })).toMatch(
      /more --runs/,
    )
  })

  it('says a probe fault strikes only look-ups, when the executor made none in these runs', () => {
    expect(
      coverageShortfall([unmet('probe-timeout', 'probe-timeout'), unmet('latency', 'latency')], {
        runs: 200,
        probesPerCall: 0,
      }),
    ).toBe(
      'probe-timeout 0 of 1, latency 0 of 1 (probe-timeout strikes only look-ups, and the executor made none in these 200 runs: more runs reach it only if it looks something up; for the rest, more --runs, another --seed, or a generator that reaches it)',
    )
    expect(coverageShortfall([unmet('probe-timeout', 'probe-timeout')], { runs: 200, probesPerCall: 0 })).toMatch(
      /only if it looks something up\)$/,
    )
  })
})
