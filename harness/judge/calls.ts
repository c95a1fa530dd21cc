// A per-tool-call view of a history, shared by
// the judges. Attribution is the harness's:
// the call running when a request was made.
import type { Envelope } from '../contract/envelope.ts'
import type { Boundary } from '../contract/names.ts'
import type { CallId, History } from '../history/history.ts'

export interface Report {
  readonly t: number
  readonly seq: number
  readonly ask: number
  readonly envelope: Envelope
}

export interface AttemptView {
  readonly attempt: number
  readonly t: number
  readonly seq: number
  readonly probe: boolean
  /** An OAuth token's request, not a look. */
  readonly setup: boolean
  /** The model's ask it was sent in (0: none yet). */
  readonly ask: number
}

export interface EffectView {
  readonly effect: string
  readonly type: string
  readonly attempt: number
  readonly t: number
  readonly target: string | null
}

export interface CallView {
  readonly call: CallId
  readonly tool: string
  readonly asks: number
  readonly attempts: AttemptView[]
  readonly effects: EffectView[]
  readonly reports: Report[]
  readonly faults: {
    readonly t: number
    readonly seq: number
    readonly boundary: Boundary
    readonly kind: string
    readonly attempt: number
  }[]
}

/**
 * A frozen history's views, once: a dozen
 * judges ask for them per run. Readers do
 * not change them.
 */
export function callsOf(history: History): ReadonlyMap<CallId, CallView> {
  if (history === lastHistory) return lastCalls!
  const calls = viewCalls(history)
  if (Object.isFrozen(history)) {
    lastHistory = history
    lastCalls = calls
  }
  return calls
}
let lastHistory: History | null = null
let lastCalls: ReadonlyMap<CallId, CallView> | null = null

function viewCalls(history: History): Map<CallId, CallView> {
  const calls = new Map<CallId, CallView>()
  // Each call's latest ask, for its attempts.
  const asking = new Map<CallId, number>()
  const view = (call: CallId, tool = ''): CallView => {
    let v = calls.get(call)
    if (!v) {
      v = { call, tool, asks: 0, attempts: [], effects: [], reports: [], faults: [] }
      calls.set(call, v)
    }
    return v
  }
  for (const e of history) {
    switch (e.type) {
      case 'call-started': {
        const v = view(e.call, e.tool)
        calls.set(e.call, { ...v, tool: e.tool, asks: Math.max(v.asks, e.ask) })
        asking.set(e.call, e.ask)
        break
      }
      case 'attempt-sent':
        if (e.call)
          view(e.call).attempts.push({
            attempt: e.attempt,
            t: e.t,
            seq: e.seq,
            probe: e.probe,
            setup: e.setup === true,
            ask: asking.get(e.call) ?? 0,
          })
        break
      case 'effect-applied':
        if (e.call)
          view(e.call).effects.push({
            effect: e.effect,
            type: e.effectType,
            attempt: e.attempt,
            t: e.t,
            target: e.target,
          })
        break
      case 'outcome-reported':
        view(e.call).reports.push({ t: e.t, seq: e.seq, ask: e.ask, envelope: e.envelope })
        break
      case 'fault-injected':
        if (e.call)
          view(e.call).faults.push({ t: e.t, seq: e.seq, boundary: e.boundary, kind: e.kind, attempt: e.attempt })
        break
      default:
        break
    }
  }
  return calls
}

/** A call's distinct fault boundaries, first seen first. */
export function boundariesOf(v: CallView): Boundary[] {
  return [...new Set(v.faults.map((f) => f.boundary))]
}

/** The attempt numbers of `v` sent before position `seq`. */
export function attemptsBefore(v: CallView, seq: number): Set<number> {
  return new Set(v.attempts.filter((a) => a.seq < seq).map((a) => a.attempt))
}
