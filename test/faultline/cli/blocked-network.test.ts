// A tool whose client calls a host faultline does not
// simulate: the gate fails, blocked-network naming the
// host, not a pass on "0 requests".
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli, ROOT } from './cli.ts'

const OTHER_HOST = join(ROOT, 'test/fixtures/nothing-tested/other-host.ts')

describe('gate of an executor that calls another host', () => {
  it('exits 1 with blocked-network naming api.example.com', async () => {
    const r = await cli(['gate', '--executor', OTHER_HOST, '--runs', '20', '--workers', '1', '--no-corpus', '--json'])
    expect(r.code, r.err).toBe(1)
    const report = JSON.parse(r.out)
    expect(report.passed).toBe(false)
    expect(report.summary.violations['executor-fault']).toBeGreaterThan(0)
    const c = report.counterexample
    expect(c.judge).toBe('executor-fault')
    expect(c.violations).toContainEqual(
      expect.objectContaining({
        judge: 'executor-fault',
        message: expect.stringMatching(
          /executor blocked-network: tried POST https:\/\/api\.example\.com\/v1\/refunds;/,
        ),
      }),
    )
  })
})
