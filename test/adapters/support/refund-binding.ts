// The examples' binding, cut to the refund (the
// tests' tools have no send_refund_confirmation),
// and the one-change variants the load must refuse.
import { binding } from '../../../examples/adapters/support/binding.ts'
import type { ArgSource, Binding, ToolBinding } from '../../../faultline/index.ts'

const issueRefund: ToolBinding = binding.issue_refund!

/** issue_refund onto refund_order, argument for argument. */
export const refundBinding = { issue_refund: issueRefund } satisfies Binding

/** The refund binding with one argument more, or bound otherwise. */
export const refundBindingWith = (field: string, source: ArgSource): Binding => ({
  issue_refund: { ...issueRefund, args: { ...issueRefund.args, [field]: source } },
})

/** The refund binding with one argument left unbound. */
export function refundBindingWithout(field: string): Binding {
  const { [field]: _, ...args } = issueRefund.args
  return { issue_refund: { ...issueRefund, args } }
}

/** The refund binding onto a tool of another name. */
export const refundBindingTo = (tool: string): Binding => ({ issue_refund: { ...issueRefund, tool } })
