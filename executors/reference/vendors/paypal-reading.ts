// STUB (lead): the paypal helper replaces this file:
// what paypal's own answers mean for the effect,
// before the reference's generic reading.
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

export function readPaypal(_observed: Observed): MappingClass | null {
  return null
}
