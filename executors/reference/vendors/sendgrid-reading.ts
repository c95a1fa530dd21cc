// STUB (lead): the sendgrid helper replaces this file:
// what sendgrid's own answers mean for the effect,
// before the reference's generic reading.
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

export function readSendgrid(_observed: Observed): MappingClass | null {
  return null
}
