// Bug: SendGrid's Activity feed refusing or not listing an e-mail is read as "not sent", so a queued send is resent.
// Caught by: duplicate-effect.
// The reference, except that send_email on
// SendGrid "looks" in the Email Activity API
// (GET /v3/messages): a paid add-on that
// answers 400 without it (docs/vendors.md G8).
// Taking that, or an empty list, as "not
// there" turns three spaced-out looks into a
// resend, and mail send has no key (G2): an
// e-mail queued before its answer was lost
// goes out twice.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import type { ToolAdapter } from '../reference/tools/tool-adapter.ts'
import { SENDGRID_TEST_KEY, sendgridEmailAdapter } from '../reference/vendors/sendgrid.ts'

export const catches: JudgeName = 'duplicate-effect'

const activityTools: ToolChoice = (ctx) => {
  const tools = byVendor(ctx)
  if (ctx.vendors.email !== 'sendgrid') return tools
  const base = ctx.services.email
  const adapter: ToolAdapter<object> = {
    ...sendgridEmailAdapter(base),
    async probe(_body, key, timeoutMs) {
      const query = encodeURIComponent(`unique_args['client_reference']="${key}"`)
      try {
        const r = await fetch(`${base}/v3/messages?limit=10&query=${query}`, {
          headers: { authorization: `Bearer ${SENDGRID_TEST_KEY}` },
          signal: AbortSignal.timeout(timeoutMs),
        })
        const page = (await r.json().catch(() => null)) as { messages?: { msg_id: string }[] } | null
        // "No record of it": the mistake.
        return { found: r.ok ? (page?.messages?.[0]?.msg_id ?? null) : null }
      } catch (e) {
        return { error: (e as Error).message }
      }
    },
  } as ToolAdapter<object>
  return { ...tools, send_email: adapter }
}

export default {
  ...createReferenceExecutor({ ...REFERENCE_POLICY, tools: activityTools }, 'sendgrid-activity-as-absent'),
  // Its mistake is SendGrid's: a campaign with SendGrid.
  declare: () => ({ vendors: ['stripe', 'square', 'paypal', 'sendgrid'] as const }),
}
