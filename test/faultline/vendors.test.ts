// --vendors through the library: the pair is recorded,
// an executor that speaks others is refused by a gate
// and left out of a compare, and it says so.
import { describe, expect, it } from 'vitest'
import { compare, gate } from '../../faultline/jobs.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { scratchDir } from '../support/scratch.ts'
import { renderCompare } from '../../reports/text.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { htmlReportFrom } from '../../reports/html/from-report.ts'

const common = { runs: 6, seed: 3, workers: 1, corpus: false as const }

describe('vendors in campaigns', () => {
  it('gate records the pair; a Stripe-only executor is refused a Square campaign in one line', async () => {
    const report = await gate({ ...common, executor: 'reference', vendors: 'payments=square,email=ses' })
    expect(report.campaign.vendors).toBe('square+ses')
    expect(report.summary.requests).toBeGreaterThan(0)
    const refused = gate({ ...common, executor: 'naive', vendors: { payments: 'square' }, cwd: scratchDir('vendors') })
    await expect(refused).rejects.toThrow(UsageError)
    await expect(refused).rejects.toThrow(/^naive speaks stripe, resend \(its declare\(\)\), not square: /)
  })

  it('only the vendors of the services its tools reach count: a refund-only PayPal executor is gated with any e-mail vendor', async () => {
    const executor = new URL('../fixtures/vendor-hosts/paypal-default-host.ts', import.meta.url)
    const report = await gate({ ...common, executor, vendors: 'payments=paypal', cwd: scratchDir('vendors') })
    expect(report.campaign.vendors).toBe('paypal+resend')
    expect(report.summary.requests).toBeGreaterThan(0)
  })

  it('compare leaves out who does not speak the pair, and the report names them', async () => {
    const report = await compare({ ...common, executors: ['reference', 'naive'], vendors: 'payments=paypal', k: 1 })
    expect(report.campaign.vendors).toBe('paypal+resend')
    expect(report.rows.map((r) => r.executor.spec)).toEqual(['reference'])
    expect(report.leftOut).toEqual([{ executor: 'naive', speaks: ['stripe', 'resend'] }])
    // Every renderer says who was left out.
    const line = 'left out (they speak other vendors than paypal+resend): naive (stripe, resend)'
    expect(renderCompare(report)).toContain(line)
    expect(renderMarkdown(report)).toContain(line)
    expect(htmlReportFrom(report).subtitle).toContain(line)
    await expect(compare({ ...common, executors: ['naive'], vendors: 'email=sendgrid' })).rejects.toThrow(
      /^no executor named speaks stripe\+sendgrid \(naive: stripe, resend\); name one that does$/,
    )
  })

  it('a bad --vendors is a usage error naming the fix', async () => {
    await expect(gate({ ...common, executor: 'reference', vendors: 'payments=adyen' })).rejects.toThrow(
      /^--vendors has no payments vendor "adyen": use payments=stripe\|square\|paypal,email=resend\|ses\|sendgrid$/,
    )
  })
})
