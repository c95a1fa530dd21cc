// What Square's own answers mean for the effect,
// before the reference's generic reading: only
// bodies in Square's shape, { errors: [{
// category, code }] } (docs/vendors.md Q8).
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

interface SquareBodyError {
  readonly category: string
  readonly code: string
}

export function readSquare(observed: Observed): MappingClass | null {
  if (!('response' in observed)) return null
  const errors = squareErrors(observed.response.body)
  if (errors === null) return null
  const { status } = observed.response
  const codes = new Set(errors.map((e) => e.code))
  // Q5: the key's first request acted, maybe:
  // this one did nothing, but the operation
  // the key names may have (look, by the key).
  if (codes.has('IDEMPOTENCY_KEY_REUSED')) return 'ambiguous'
  // Q6: its first request may still land.
  if (status === 409) return 'ambiguous'
  // Q8: refused before processing.
  if (status === 429) return 'not-sent'
  // Q4: a 5xx is not kept under the key: it
  // may or may not have acted; look, replay.
  if (status >= 500 || status === 408) return 'ambiguous'
  // 400/401/402/403/404: refused as it stands.
  if (status >= 400) return 'rejected'
  return null
}

/** Square's `errors`, or null: not its shape. */
export function squareErrors(body: unknown): readonly SquareBodyError[] | null {
  const errors = (body as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors) || errors.length === 0) return null
  return errors.every((e) => e && typeof e === 'object' && typeof e.category === 'string' && typeof e.code === 'string')
    ? (errors as SquareBodyError[])
    : null
}
