import { createHash } from 'node:crypto'
import type { CanonicalRefund } from './canonical.ts'

/**
 * The key names the logical operation: the tool, its canonical identity, and
 * the run and step that asked for it. Two legitimate refunds of the same
 * amount (two steps) get two keys; two wordings of one step get one.
 */
export function idempotencyKey(tool: string, identity: CanonicalRefund, runId: string, stepId: string): string {
  const material = JSON.stringify([tool, identity.payment_intent, identity.amount, identity.currency, identity.order_id, runId, stepId])
  return `fl_${createHash('sha256').update(material).digest('hex').slice(0, 40)}`
}
