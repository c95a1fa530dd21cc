// STUB (lead): the ses helper replaces this file
// with the reference's send_email for ses.
import type { Tools } from '../tools/tool-choice.ts'

export function sesTools(_base: string): Tools {
  return {}
}
