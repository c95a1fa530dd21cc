// Which tools the reference speaks: each run's
// vendors' (docs/vendors.md), by tool name.
import type { BootContext } from '../../harness/contract/executor.ts'
import type { EmailVendor, PaymentsVendor } from '../../harness/contract/vendors.ts'
import { paypalTools } from './vendors/paypal.ts'
import { sendgridTools } from './vendors/sendgrid.ts'
import { sesTools } from './vendors/ses.ts'
import { squareTools } from './vendors/square.ts'
import { chargeAdapter } from './tools/charge.ts'
import { emailAdapter } from './tools/email.ts'
import { refundAdapter } from './tools/refund.ts'
import type { Tools } from './tools/tool-adapter.ts'

export type { Tools } from './tools/tool-adapter.ts'

/** A policy's way to pick its tools for a boot. */
export type ToolChoice = (ctx: Pick<BootContext, 'services' | 'vendors'>) => Tools

const PAYMENTS: Readonly<Record<PaymentsVendor, (base: string) => Tools>> = {
  stripe: (base) => ({ charge_card: chargeAdapter(base), issue_refund: refundAdapter(base) }),
  square: squareTools,
  paypal: paypalTools,
}

const EMAIL: Readonly<Record<EmailVendor, (base: string) => Tools>> = {
  resend: (base) => ({ send_email: emailAdapter(base) }),
  ses: sesTools,
  sendgrid: sendgridTools,
}

/** The reference: the run's vendors' tools. */
export const byVendor: ToolChoice = (ctx) => ({
  ...PAYMENTS[ctx.vendors.payments](ctx.services.payments),
  ...EMAIL[ctx.vendors.email](ctx.services.email),
})
