// Each counterexample says what to do about its
// judges' findings, once a judge, in the text
// and the Markdown; a plugin's judge gets none.
import { beforeAll, describe, expect, it } from 'vitest'
import type { CompareReport, GateReport } from '../../../harness/campaign/report-schema.ts'
import { JUDGE_NAMES } from '../../../harness/contract/names.ts'
import { KEYLESS_VENDORS, type VendorName } from '../../../harness/contract/vendors.ts'
import { EMAIL_VENDOR_SPECS, PAYMENTS_VENDOR_SPECS } from '../../../mock-services/vendors/registry.ts'
import { UNFORWARDED } from '../../../harness/judge/effect-after-deadline.ts'
import { adviceFor, judgeAdvice } from '../../../reports/kit/judge-advice.ts'
import { renderMarkdown } from '../../../reports/markdown.ts'
import { renderCompare, renderGate } from '../../../reports/text.ts'
import { gateOf, smallCompare } from '../support/reports.ts'

let failed: GateReport
let compared: CompareReport

beforeAll(async () => {
  compared = await smallCompare()
  failed = gateOf(compared, 'naive')
})

describe('advice under a counterexample', () => {
  it('exists for every built-in judge, and not for a name it does not know', () => {
    for (const judge of JUDGE_NAMES) expect(judgeAdvice(judge), judge).toMatch(/\w{3}/)
    expect(judgeAdvice('my-plugin-judge')).toBeNull()
    expect(judgeAdvice('toString')).toBeNull()
  })

  it('follows the violations, once a judge, in the text and the Markdown', () => {
    const c = failed.counterexample!
    const v = c.violations[0]!
    const report = { ...failed, counterexample: { ...c, violations: [v, { ...v, call: 'run-0/s2' }] } }
    const advice = judgeAdvice(v.judge)!
    const text = renderGate(report)
    expect(text.split(`    → ${advice}`)).toHaveLength(2)
    expect(text.indexOf(`    → ${advice}`)).toBeGreaterThan(text.lastIndexOf(`✗ ${v.judge}:`))
    expect(renderMarkdown(report)).toContain(`- → ${advice.slice(0, 20)}`)
  })

  // A team seeing every kind at once (compare)
  // got the kinds, and not what to do.
  it("follows a comparison's counterexamples once a kind, in the text", () => {
    const judges = new Set(compared.rows.flatMap((r) => r.counterexamples.map((c) => c.judge)))
    expect(judges.size).toBeGreaterThan(1)
    const text = renderCompare(compared)
    const legend = text.slice(text.indexOf('what each kind asks of a tool:'))
    for (const judge of judges) expect(legend.split(`→ ${judgeAdvice(judge)}`), judge).toHaveLength(2)
  })

  // An SES probe's team was told to send
  // under one idempotency key SES lacks.
  it('for a duplicate at a vendor with no key and no look-up, says never to resend, not to key it', () => {
    const dup = (tool: string) => ({ judge: 'duplicate-effect' as const, tool, message: 'x' })
    const keyed = judgeAdvice('duplicate-effect')
    const [keyless] = adviceFor([dup('send_email')], { email: 'ses' })
    expect(keyless).toMatch(/^never resend what may have landed .*UNKNOWN, retry_safe: false$/)
    expect(adviceFor([dup('send_email')], { email: 'sendgrid' })).toEqual([keyless])
    expect(adviceFor([dup('send_email')], { email: 'resend' })).toEqual([keyed])
    expect(adviceFor([dup('send_email')])).toEqual([keyed])
    expect(adviceFor([dup('issue_refund')], { payments: 'stripe', email: 'ses' })).toEqual([keyed])
    expect(adviceFor([dup('issue_refund'), dup('send_email')], { email: 'ses' })).toEqual([keyed, keyless])
  })

  // A Square probe's team read stripe-node's.
  it("for a late effect, names the defaults of the tool's own vendor's SDK", () => {
    const late = (tool: string) => ({ judge: 'effect-after-deadline' as const, tool, message: 'x' })
    expect(adviceFor([late('issue_refund')], { payments: 'square' })).toEqual([
      expect.stringMatching(/\(the Square SDK retries a 408, 429 or 5xx twice, with a 60 s timeout: Q9\)/),
    ])
    expect(adviceFor([late('issue_refund')])).toEqual([expect.stringMatching(/\(stripe-node retries twice/)])
    expect(adviceFor([late('send_email')], { email: 'ses' })).toEqual([expect.stringMatching(/\(the AWS SDK makes 3/)])
    expect(adviceFor([late('send_email')], { payments: 'square' })[0]).not.toMatch(/Square|stripe/)
  })

  it('names no vendor a mock keeps keys for as key-less, and every one it does not', () => {
    for (const [name, spec] of Object.entries({ ...PAYMENTS_VENDOR_SPECS, ...EMAIL_VENDOR_SPECS }))
      expect(KEYLESS_VENDORS.includes(name as VendorName), name).toBe(!spec.keyed)
  })

  // A probe's client was bounded by the deadline
  // already; the header was what it lacked.
  it('names X-Request-Deadline when every late effect was one a forwarded deadline would have stopped', () => {
    const late = (message: string) => ({ judge: 'effect-after-deadline' as const, message })
    const unforwarded = late(`run-0/s1: … (${UNFORWARDED})`)
    const tooLate = late('run-0/s1: … (it was sent at 4000 ms, with 1000 ms of its turn left (less than 2000 ms))')
    expect(adviceFor([unforwarded])).toEqual([
      expect.stringMatching(/^forward the turn’s deadline .*X-Request-Deadline/),
    ])
    expect(adviceFor([tooLate])).toEqual([judgeAdvice('effect-after-deadline')])
    expect(adviceFor([unforwarded, tooLate])).toEqual([judgeAdvice('effect-after-deadline')])
  })

  it("for an early send after SendGrid's 429, names its X-RateLimit-Reset, not a Retry-After", () => {
    const early = (by: string) => ({
      judge: 'retry-before-retry-after' as const,
      message: `run-0/s1: attempt 2 went to email at 0 ms, before 30000 ms, as the ${by} on attempt 1 from email asked`,
    })
    expect(adviceFor([early('X-RateLimit-Reset')])).toEqual([
      expect.stringMatching(/^remember SendGrid’s X-RateLimit-Reset/),
    ])
    expect(adviceFor([early('Retry-After')])).toEqual([judgeAdvice('retry-before-retry-after')])
  })

  it('is left out for a judge of a plugin', () => {
    const c = failed.counterexample!
    const v = { ...c.violations[0]!, judge: 'my-plugin-judge' }
    const text = renderGate({ ...failed, counterexample: { ...c, judge: 'my-plugin-judge', violations: [v] } })
    expect(text).toContain('✗ my-plugin-judge:')
    expect(text).not.toContain('    → ')
  })
})
