// From what a framework hands back to one of
// the three outcomes. A classifier is a mapping
// module (docs/mapping-audit.md) that also reads
// what tools return; audit-mapping takes it too.
import { CLASSIFIED, type Envelope } from '../../harness/contract/envelope.ts'
import type { MappingClass, Observed } from '../../harness/contract/mapping.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import { attempt, isInstance } from '../../harness/contract/safe-read.ts'
import { envelopeSchema } from './envelope-schema.ts'
import { errorInvitesAgain, linesJoined, readBack, valueLeftOpen, wordsClaim } from './told-words.ts'

/** What the framework's own call path gave back. */
export type ToolObservation =
  /** A value (the tool's result). */
  | { readonly kind: 'returned'; readonly tool: string; readonly value: unknown }
  /** The tool threw (or its framework did). */
  | { readonly kind: 'threw'; readonly tool: string; readonly error: unknown }
  /** An MCP result with `isError: true`: only its text crosses. */
  | { readonly kind: 'mcp-error'; readonly tool: string; readonly text: string }
  /** A LangChain `ToolMessage` with status `error`. */
  | { readonly kind: 'tool-message-error'; readonly tool: string; readonly content: unknown }

/**
 * A classifier module's default export: pure and
 * synchronous. null (or no class) means it cannot
 * place the observation: a per-call executor-fault.
 */
export type Classifier = (seen: ToolObservation | Observed) => MappingClass | null | undefined

/**
 * The honest default: a throw or an error result
 * may come after the request left, so UNKNOWN,
 * unless its text says it failed: only the text
 * crosses, and a model told "refund failed" takes
 * it as failed (an MCP probe's tool passed so).
 * What the tool returned reads as a model reads
 * it, as in loop mode (told-words): an error
 * value a failure, nothing at all UNKNOWN.
 */
export const defaultClassifier: Classifier = (seen) => {
  if (!('kind' in seen)) return 'error' in seen ? 'ambiguous' : seen.response.status < 300 ? 'applied' : 'ambiguous'
  if (seen.kind === 'mcp-error' || seen.kind === 'tool-message-error') return errorTextClass(errorText(seen))
  if (seen.kind !== 'returned') return 'ambiguous'
  // JSON text reads as the value it prints.
  const value = readBack(seen.value)
  if (typeof value === 'string') {
    const words = wordsClaim(value)
    if (words.claim === 'open') return 'ambiguous'
    if (words.claim === 'failed') return words.again ? 'not-sent' : 'rejected'
    return 'applied'
  }
  if (value === undefined) return 'ambiguous'
  const error = looksLikeError(value)
  if (typeof value === 'object' && value !== null && valueLeftOpen(value, error)) return 'ambiguous'
  if (!error) return 'applied'
  // Traps that throw say nothing either way.
  if (!attempt(() => (void (value as { error?: unknown })?.error, true), false)) return null
  return errorInvitesAgain(value) ? 'not-sent' : 'rejected'
}

/** What an error result told the model. */
function errorText(seen: Extract<ToolObservation, { kind: 'mcp-error' | 'tool-message-error' }>): string {
  if (seen.kind === 'mcp-error') return seen.text
  return typeof seen.content === 'string' ? seen.content : safeJson(seen.content)
}

/** An error result's text: a failure if it says so. */
function errorTextClass(text: string): MappingClass {
  const words = wordsClaim(text)
  if (words.claim !== 'failed') return 'ambiguous'
  return words.again ? 'not-sent' : 'rejected'
}

/**
 * An error by its shape: an Error, `isError`,
 * `ok` or `success` false, or an `error` that
 * says something ({ error: false } does not);
 * `ok` or `success` true says it is not.
 */
export function looksLikeError(value: unknown): boolean {
  if (value === undefined || isInstance(value, Error)) return true
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  // A value whose traps throw cannot say it applied.
  return attempt(() => {
    if (v.ok === true || v.success === true) return false
    const e = v.error
    const said = e === true || (typeof e === 'string' && e.trim() !== '') || (typeof e === 'object' && e !== null)
    return said || v.ok === false || v.success === false || v.isError === true
  }, true)
}

/** What each class tells the model. */
const OUTCOME: Record<MappingClass, Pick<Envelope, 'status' | 'retry_safe'>> = {
  applied: { status: 'SUCCEEDED', retry_safe: false },
  'not-sent': { status: 'FAILED_NO_EFFECT', retry_safe: true },
  rejected: { status: 'FAILED_NO_EFFECT', retry_safe: false },
  ambiguous: { status: 'UNKNOWN', retry_safe: false },
}

const CLASSES = new Set(Object.keys(OUTCOME))

/**
 * The envelope for one observation: the tool's own
 * if it returned one, else the classifier's class.
 * A string is a one-line reason it cannot be placed.
 */
export function placeOutcome(seen: ToolObservation, classify: Classifier, effectType: string): Envelope | string {
  // However it is printed, as in loop mode.
  const own = seen.kind === 'returned' ? ownEnvelope(readBack(seen.value)) : null
  if (own) return own
  let cls: unknown
  try {
    cls = classify(seen)
  } catch (e) {
    return `the classifier threw on ${describe(seen)}: ${oneLine(e)}`
  }
  if (typeof cls !== 'string' || !CLASSES.has(cls))
    return `the classifier cannot place ${describe(seen)} (it answered ${oneLine(cls)}): return faultline's envelope or give the adapter a classifier that does`
  const id = cls === 'applied' && seen.kind === 'returned' ? effectId(readBack(seen.value)) : null
  return {
    ...OUTCOME[cls as MappingClass],
    effect: id ? { type: effectType, id } : null,
    action_taken: `${CLASSIFIED}${cls}`,
    message: describe(seen),
  }
}

/** A returned envelope (or its JSON text), checked. */
export function ownEnvelope(value: unknown): Envelope | null {
  let v = value
  if (typeof v === 'string' && v.startsWith('{"status"')) {
    try {
      v = JSON.parse(v)
    } catch {
      return null
    }
  }
  const parsed = envelopeSchema.safeParse(v)
  return parsed.success ? parsed.data : null
}

/** `id`, or Resend's `data.id`. */
export function effectId(value: unknown): string | null {
  const v = value as { id?: unknown; data?: { id?: unknown } } | null
  if (typeof v !== 'object' || v === null) return null
  const id = typeof v.id === 'string' ? v.id : typeof v.data?.id === 'string' ? v.data.id : null
  return id && id.length <= 200 ? id : null
}

/** One line for people: what came back. */
export function describe(seen: ToolObservation): string {
  switch (seen.kind) {
    case 'returned':
      return `${seen.tool} returned ${oneLine(typeof seen.value === 'string' ? seen.value : safeJson(seen.value))}`
    case 'threw':
      return `${seen.tool} threw ${oneLine(seen.error)}`
    case 'mcp-error':
      return `${seen.tool} answered isError: ${oneLine(linesJoined(errorText(seen)))}`
    case 'tool-message-error':
      return `${seen.tool} gave an error ToolMessage: ${oneLine(linesJoined(errorText(seen)))}`
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}
