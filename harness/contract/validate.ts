// Checks what an executor returns, as
// data: a malformed envelope is a
// finding, never a crash of the harness.
import { OUTCOME_STATUSES, type Envelope } from './envelope.ts'
import type { Executor } from './executor.ts'
import { oneLine } from './one-line.ts'

export type EnvelopeCheck =
  | { readonly ok: true; readonly envelope: Envelope }
  | { readonly ok: false; readonly problem: string }

/** Check a returned envelope. Never throws, even on a getter. */
export function checkEnvelope(value: unknown): EnvelopeCheck {
  try {
    return check(value)
  } catch (e) {
    return { ok: false, problem: `reading the envelope threw: ${oneLine(e)}` }
  }
}

/**
 * Check what abort() returned: envelopes
 * (a lone one counts). Never throws.
 */
export function checkEnvelopes(
  value: unknown,
): { readonly ok: true; readonly envelopes: Envelope[] } | { readonly ok: false; readonly problem: string } {
  try {
    const envelopes: Envelope[] = []
    for (const raw of Array.isArray(value) ? [...(value as unknown[])] : [value]) {
      const checked = checkEnvelope(raw)
      if (!checked.ok) return checked
      envelopes.push(checked.envelope)
    }
    return { ok: true, envelopes }
  } catch (e) {
    return { ok: false, problem: `reading the envelopes threw: ${oneLine(e)}` }
  }
}

function check(value: unknown): EnvelopeCheck {
  if (typeof value !== 'object' || value === null)
    return { ok: false, problem: `expected an envelope object, got ${describe(value)}` }
  // Read each field once: a getter may answer twice differently.
  const { status, retry_safe, effect, action_taken, message, compensates } = value as Record<string, unknown>
  if (!OUTCOME_STATUSES.includes(status as never))
    return { ok: false, problem: `status must be one of ${OUTCOME_STATUSES.join(', ')}, got ${describe(status)}` }
  if (typeof retry_safe !== 'boolean')
    return { ok: false, problem: `retry_safe must be a boolean, got ${describe(retry_safe)}` }
  let named: Envelope['effect'] = null
  if (effect !== null && effect !== undefined) {
    const { type, id } = (typeof effect === 'object' ? effect : {}) as Record<string, unknown>
    if (typeof type !== 'string' || typeof id !== 'string')
      return { ok: false, problem: 'effect must be null or { type: string, id: string }' }
    named = { type, id }
  }
  let concerns: Envelope['compensates'] = null
  if (compensates !== null && compensates !== undefined) {
    const { type, id } = (typeof compensates === 'object' ? compensates : {}) as Record<string, unknown>
    if (typeof type !== 'string' || typeof id !== 'string')
      return { ok: false, problem: 'compensates must be null or { type: string, id: string }' }
    concerns = { type, id }
  }
  const envelope: Envelope = {
    status: status as Envelope['status'],
    retry_safe,
    effect: named,
    action_taken: typeof action_taken === 'string' ? action_taken.slice(0, 200) : '',
    message: typeof message === 'string' ? message.slice(0, 2_000) : '',
    ...(concerns ? { compensates: concerns } : {}),
  }
  return { ok: true, envelope }
}

/** Is it an Executor? Never throws: a trap is a no. */
export function isExecutor(value: unknown): value is Executor {
  if (typeof value !== 'object' || value === null) return false
  try {
    return typeof (value as Executor).name === 'string' && typeof (value as Executor).boot === 'function'
  } catch {
    return false
  }
}

// As loaded: the executor may replace it.
const stringify = JSON.stringify

function describe(v: unknown): string {
  if (v === undefined) return 'undefined'
  try {
    const json = stringify(v)
    return typeof json === 'string' ? json.slice(0, 80) : typeof v
  } catch {
    return typeof v
  }
}
