// STUB (lead): the paypal helper replaces this file
// with the reference's charge_card and issue_refund for paypal.
import type { Tools } from '../tools/tool-choice.ts'

export function paypalTools(_base: string): Tools {
  return {}
}
