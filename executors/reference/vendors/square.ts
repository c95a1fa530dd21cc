// STUB (lead): the square helper replaces this file
// with the reference's charge_card and issue_refund for square.
import type { Tools } from '../tools/tool-choice.ts'

export function squareTools(_base: string): Tools {
  return {}
}
