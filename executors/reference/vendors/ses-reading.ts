// STUB (lead): the ses helper replaces this file:
// what ses's own answers mean for the effect,
// before the reference's generic reading.
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

export function readSes(_observed: Observed): MappingClass | null {
  return null
}
