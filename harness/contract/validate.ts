// The validating wrapper of the contract: checks what an executor returns, as
// data, so a malformed envelope is a finding and never a crash of the harness.
import { OUTCOME_STATUSES, type Envelope } from './envelope.ts'
import type { Executor } from './executor.ts'

export type EnvelopeCheck = { readonly ok: true; readonly envelope: Envelope } | { readonly ok: false; readonly problem: string }

export function checkEnvelope(value: unknown): EnvelopeCheck {
  if (typeof value !== 'object' || value === null) return { ok: false, problem: `expected an envelope object, got ${describe(value)}` }
  const v = value as Record<string, unknown>
  if (!OUTCOME_STATUSES.includes(v.status as never)) return { ok: false, problem: `status must be one of ${OUTCOME_STATUSES.join(', ')}, got ${describe(v.status)}` }
  if (typeof v.retry_safe !== 'boolean') return { ok: false, problem: `retry_safe must be a boolean, got ${describe(v.retry_safe)}` }
  if (v.effect !== null && v.effect !== undefined) {
    const e = v.effect as Record<string, unknown>
    if (typeof e !== 'object' || typeof e.type !== 'string' || typeof e.id !== 'string') return { ok: false, problem: 'effect must be null or { type: string, id: string }' }
  }
  const envelope: Envelope = {
    status: v.status as Envelope['status'],
    retry_safe: v.retry_safe,
    effect: v.effect ? { type: (v.effect as { type: string }).type, id: (v.effect as { id: string }).id } : null,
    action_taken: typeof v.action_taken === 'string' ? v.action_taken : '',
    message: typeof v.message === 'string' ? v.message : '',
  }
  return { ok: true, envelope }
}

export function isExecutor(value: unknown): value is Executor {
  return typeof value === 'object' && value !== null && typeof (value as Executor).name === 'string' && typeof (value as Executor).boot === 'function'
}

function describe(v: unknown): string {
  if (v === undefined) return 'undefined'
  try {
    return JSON.stringify(v).slice(0, 80)
  } catch {
    return typeof v
  }
}
