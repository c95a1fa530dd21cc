// Recovery latency is aggregated per class of the
// first fault, so one slow class (a crash kept
// down past key expiry) hides nothing else.
import { describe, expect, it } from 'vitest'
import { summarize } from '../../../harness/campaign/campaign.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { history } from '../judge/history-builder.ts'

const run = (index: number, ms: number, boundary: 'in-transit' | 'gateway', kind: string) => ({
  index,
  coverage: [],
  verdict: judge(
    history()
      .callStarted('r/s1')
      .at(0)
      .attempt('r/s1', 1)
      .fault('r/s1', 1, boundary, kind)
      .at(ms)
      .report('r/s1', 1, 'SUCCEEDED')
      .build(),
  ),
})

describe('summarize', () => {
  it("gives recovery latency per fault class, in the order of a request's path, beside the overall figure", () => {
    const s = summarize('x', 'vendor', [
      run(0, 100, 'in-transit', 'late-delivery'),
      run(1, 5_000, 'gateway', 'gateway-timeout'),
      run(2, 300, 'in-transit', 'late-delivery'),
      run(3, 9_000, 'gateway', 'gateway-timeout'),
    ])
    expect(s.recoveryMs.count).toBe(4)
    expect(s.recoveryByFault.map((c) => [c.kind, c.boundary, c.latency.count, c.latency.max])).toEqual([
      ['late-delivery', 'in-transit', 2, 300],
      ['gateway-timeout', 'gateway', 2, 9_000],
    ])
  })

  it('has no class when no faulted call reached a known outcome', () => {
    expect(summarize('x', 'vendor', []).recoveryByFault).toEqual([])
  })
})
