// Where each event goes on the timeline:
// lane, arrow or mark, label and tone. The
// geometry is timeline.ts's business.
import type { History, HistoryEvent } from '../../harness/history/history.ts'
import { duration } from './time.ts'
import { holdOffName } from '../kit/describe-event.ts'

export interface Lane {
  /** `model`, `executor`, `network`, or `service:<name>`. */
  readonly id: string
  readonly label: string
  /** A second line under the label (the executor's name). */
  readonly sub: string | null
}

export type Shape = 'arrow' | 'bolt' | 'burst' | 'dot' | 'effect' | 'cross' | 'warn' | 'diamond' | 'restart' | 'banner'

export type Tone =
  | 'plain'
  | 'fault'
  | 'crash'
  | 'probe'
  | 'succeeded'
  | 'failed'
  | 'unknown'
  | 'muted'
  | 'effect'
  | 'error'

export interface Placed {
  readonly event: HistoryEvent
  /** The lane the event belongs to (banners: none). */
  readonly lane: string | null
  /** Arrows: from lane → to lane. */
  readonly from: string | null
  readonly to: string | null
  readonly shape: Shape
  readonly label: string
  /** Under a report: what the ledger then held. */
  readonly sub: string | null
  readonly tone: Tone
  /** Dashed: probes, fenced requests, errors. */
  readonly dashed: boolean
}

/**
 * Lanes left to right: model, executor,
 * network, then services as they appear.
 */
export function lanesOf(history: History): Lane[] {
  const started = history.find((e) => e.type === 'run-started')
  const executor = started?.type === 'run-started' ? started.executor : ''
  const services: string[] = []
  for (const e of history) {
    const s =
      e.type === 'attempt-sent' || e.type === 'effect-applied' || e.type === 'service-restarted' ? e.service : null
    if (s !== null && !services.includes(s)) services.push(s)
  }
  return [
    { id: 'model', label: 'model', sub: null },
    { id: 'executor', label: 'executor', sub: executor || null },
    { id: 'network', label: 'network', sub: null },
    ...services.map((s) => ({ id: `service:${s}`, label: s, sub: 'service' })),
  ]
}

export function placeEvents(history: History): Placed[] {
  // Request-side events name only their
  // attempt: its attempt-sent names the service.
  const serviceOf = new Map<number, string>()
  for (const e of history) if (e.type === 'attempt-sent') serviceOf.set(e.attempt, e.service)
  const svc = (attempt: number) => {
    const s = serviceOf.get(attempt)
    return s === undefined ? null : `service:${s}`
  }
  // Each call's effects so far: the truth
  // beside each report.
  const ledger = new Map<string, string[]>()
  return history.map((e): Placed => {
    const base = { event: e, lane: null, from: null, to: null, sub: null, tone: 'plain' as Tone, dashed: false }
    switch (e.type) {
      case 'run-started':
        return {
          ...base,
          shape: 'banner',
          label: `run started · ${e.executor} · seed ${e.seed} · turn deadline ${duration(e.deadline)}`,
        }
      case 'run-ended':
        return {
          ...base,
          shape: 'banner',
          label: `run ended${e.pendingTimers ? ` (${e.pendingTimers} timers left)` : ''}`,
        }
      case 'call-started':
        return {
          ...base,
          lane: 'model',
          from: 'model',
          to: 'executor',
          shape: 'arrow',
          label: `${shortCall(e.call)} ask ${e.ask}: ${e.tool}`,
        }
      case 'outcome-reported': {
        const effects = ledger.get(e.call) ?? []
        const env = e.envelope
        const tone: Tone = env.status === 'SUCCEEDED' ? 'succeeded' : env.status === 'UNKNOWN' ? 'unknown' : 'failed'
        return {
          ...base,
          lane: 'model',
          from: 'executor',
          to: 'model',
          shape: 'arrow',
          tone,
          label: `ask ${e.ask} → ${env.status}${env.effect ? ` ${env.effect.id}` : ''} retry_safe=${env.retry_safe}`,
          sub: `ledger: ${effects.length ? effects.join(', ') : 'no effect'}`,
        }
      }
      case 'abort-requested':
        return { ...base, lane: 'model', from: 'model', to: 'executor', shape: 'arrow', label: `abort ${e.run}` }
      case 'abort-reported':
        return {
          ...base,
          lane: 'model',
          from: 'executor',
          to: 'model',
          shape: 'arrow',
          tone: e.supported ? 'plain' : 'muted',
          label: e.supported
            ? `abort → ${e.envelopes.map((x) => `${x.status}${x.compensates ? ` for ${x.compensates.id}` : ''}`).join(', ') || 'nothing to compensate'}`
            : 'abort → no abort()',
        }
      case 'turn-started':
        return {
          ...base,
          lane: 'executor',
          shape: 'diamond',
          tone: 'muted',
          label: `turn · deadline at ${duration(e.deadline)}`,
        }
      case 'process-booted':
        return { ...base, lane: 'executor', shape: 'dot', label: `process ${e.generation} booted` }
      case 'process-recovered':
        return { ...base, lane: 'executor', shape: 'dot', label: `process ${e.generation} recovered` }
      case 'process-crashed':
        return {
          ...base,
          lane: 'executor',
          shape: 'burst',
          tone: 'crash',
          label: `💥 process ${e.generation} crashed (${e.point})`,
        }
      case 'executor-fault':
        return { ...base, lane: 'executor', shape: 'warn', tone: 'error', label: `executor ${e.problem}: ${e.message}` }
      case 'attempt-sent':
        return {
          ...base,
          lane: 'network',
          from: 'executor',
          to: 'network',
          shape: 'arrow',
          tone: e.probe ? 'probe' : 'plain',
          dashed: e.probe,
          label: `#${e.attempt} ${e.method} ${e.service}${e.path}${e.setup ? ' (token)' : e.probe ? ' (probe)' : ''}`,
        }
      case 'fault-injected': {
        const lane =
          e.boundary === 'service'
            ? (svc(e.attempt) ?? 'network')
            : e.boundary === 'executor' || e.boundary === 'model'
              ? e.boundary
              : 'network'
        return { ...base, lane, shape: 'bolt', tone: 'fault', label: `⚡ ${e.kind} · ${e.boundary} · #${e.attempt}` }
      }
      case 'request-delivered': {
        const to = svc(e.attempt)
        if (to === null) return { ...base, lane: 'network', shape: 'dot', label: `#${e.attempt} delivered` }
        return { ...base, lane: to, from: 'network', to, shape: 'arrow', label: `#${e.attempt} delivered` }
      }
      case 'effect-applied': {
        if (e.call !== null) ledger.set(e.call, [...(ledger.get(e.call) ?? []), e.effect])
        return {
          ...base,
          lane: `service:${e.service}`,
          shape: 'effect',
          tone: 'effect',
          label: `✎ ${e.effectType} ${e.effect} (${e.amount})`,
        }
      }
      case 'response-sent': {
        const from = svc(e.attempt)
        const label = `#${e.attempt} ${e.status}${e.replayed ? ' (replayed)' : ''}`
        if (from === null) return { ...base, lane: 'network', shape: 'dot', label }
        return { ...base, lane: from, from, to: 'network', shape: 'arrow', label }
      }
      case 'response-lost':
        return {
          ...base,
          lane: 'network',
          shape: 'cross',
          tone: 'fault',
          label: `#${e.attempt} response lost: ${e.reason}`,
        }
      case 'client-gave-up':
        return {
          ...base,
          lane: 'network',
          shape: 'cross',
          tone: 'muted',
          label: `#${e.attempt} client gave up (${e.how})`,
        }
      case 'answered': {
        const error = e.status === null || e.status >= 400
        return {
          ...base,
          lane: 'network',
          from: 'network',
          to: 'executor',
          shape: 'arrow',
          tone: error ? 'error' : 'plain',
          dashed: e.status === null,
          label: `#${e.attempt} → ${e.status ?? e.error}${e.retryAfterMs !== null ? ` (${holdOffName(e)} ${duration(e.retryAfterMs)})` : ''}`,
        }
      }
      case 'fenced':
        return {
          ...base,
          lane: 'network',
          from: 'executor',
          to: 'network',
          shape: 'arrow',
          tone: 'muted',
          dashed: true,
          label: `fenced: dead process ${e.generation} · ${e.what}`,
        }
      case 'service-restarted':
        return {
          ...base,
          lane: `service:${e.service}`,
          shape: 'restart',
          tone: 'fault',
          label: `⟳ ${e.service} restarted`,
        }
    }
  })
}

/**
 * `run-1042/refund` → `refund`: the run id
 * is the same on every row.
 */
export function shortCall(call: string): string {
  const slash = call.indexOf('/')
  return slash >= 0 ? call.slice(slash + 1) : call
}
