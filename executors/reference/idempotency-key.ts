import { createHash } from 'node:crypto'

/**
 * The key names the logical operation: two steps
 * get two keys; two wordings of one step get one.
 */
export function idempotencyKey(tool: string, identity: object, runId: string, stepId: string): string {
  const material = JSON.stringify([tool, ...Object.values(identity), runId, stepId])
  return `fl_${createHash('sha256').update(material).digest('hex').slice(0, 40)}`
}
