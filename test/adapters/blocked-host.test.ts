// A team's tool whose client calls a host faultline
// does not simulate: refused, named, and never a pass.
import { describe, expect, it } from 'vitest'
import { gate } from '../../faultline/index.ts'

describe('an adapted tool calling a vendor faultline does not simulate', () => {
  it('fails the gate with blocked-network naming the host, and never exits 0', async () => {
    const report = await gate({
      executor: 'test/fixtures/adapters/blocked/paypal-tools.ts',
      runs: 20,
      seed: 1,
      corpus: false,
      workers: 1,
    })
    expect(report.passed).toBe(false)
    const found = report.counterexample?.violations ?? []
    expect(found.map((v) => v.judge)).toContain('executor-fault')
    expect(found.find((v) => v.judge === 'executor-fault')?.message).toContain('api-m.paypal.com')
    expect(report.summary.requests).toBe(0)
    expect(report.summary.blocked.hosts).toEqual(['api-m.paypal.com'])
  })
})
