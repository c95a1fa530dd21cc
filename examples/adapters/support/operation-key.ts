// One idempotency key per operation, never per
// ask: the model mints a new tool-call id every
// time it asks, so keying on it acts twice.
import { createHash } from 'node:crypto'
import type { OperationRef } from './careful-support.ts'

/** The fields that make two asks one operation, normalised. */
export type Identity = Readonly<Record<string, string | number>>

/**
 * Per step: the run's step names it. Per run: the
 * identity fields do, so asks alike are one.
 */
export function operationKey(op: OperationRef, operation: string, identity: Identity): string {
  const parts = op.identity === 'per-run' ? [op.runId, operation, identity] : [op.runId, op.stepId, operation]
  // Hashed: Stripe takes ≤ 255 characters, Resend ≤ 256.
  return `support-${operation}-${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`
}

/** "49.9", 49.90 and "49.90" are one amount: 4990. */
export function minorUnits(amount: unknown): number | null {
  const n = typeof amount === 'number' ? amount : Number(String(amount).trim())
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null
}

/** Trimmed text, or null when empty. */
export function text(value: unknown): string | null {
  const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
  return s === '' ? null : s
}
