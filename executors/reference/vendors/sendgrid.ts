// STUB (lead): the sendgrid helper replaces this file
// with the reference's send_email for sendgrid.
import type { Tools } from '../tools/tool-choice.ts'

export function sendgridTools(_base: string): Tools {
  return {}
}
