// One history event in words, for the text
// history and the HTML timeline's tooltips.
import type { ToolContract } from '../../harness/contract/executor.ts'
import type { HistoryEvent } from '../../harness/history/history.ts'
import { profileName, type ProfileFeature } from '../../harness/scenario/profile.ts'

/**
 * Events on a request's path: indented
 * under their call in the text history.
 */
export const REQUEST_LEVEL: ReadonlySet<HistoryEvent['type']> = new Set([
  'attempt-sent',
  'fault-injected',
  'request-delivered',
  'effect-applied',
  'response-sent',
  'response-lost',
  'client-gave-up',
  'fenced',
  'service-restarted',
  'answered',
])

/** What told the client to hold off. */
export const holdOffName = (e: { readonly holdOffBy?: string }): string =>
  e.holdOffBy === 'x-ratelimit-reset' ? 'X-RateLimit-Reset in' : 'Retry-After'

export function describeEvent(e: HistoryEvent): string {
  switch (e.type) {
    case 'run-started':
      return `run started (seed ${e.seed}, turn deadline at ${e.deadline} ms, profile ${profileName(e.profile as ProfileFeature[])})`
    case 'process-booted':
      return `executor process ${e.generation} booted${e.contracts ? `; its tools declare ${contractsText(e.contracts)}` : ''}`
    case 'call-started':
      return `${e.call} ask ${e.ask}: ${e.tool} ${JSON.stringify(e.args)}`
    case 'attempt-sent':
      return `attempt ${e.attempt}${e.setup ? ' (token)' : e.probe ? ' (probe)' : ''}: ${e.method} ${e.service}${e.path}${e.call ? ` for ${e.call}` : ''}`
    case 'fault-injected':
      return `⚡ ${e.kind} (${e.boundary}) on attempt ${e.attempt}`
    case 'request-delivered':
      return `attempt ${e.attempt} delivered`
    case 'effect-applied':
      return `✎ effect ${e.effectType} ${e.effect} (${e.amount}) by attempt ${e.attempt}`
    case 'response-sent':
      return `attempt ${e.attempt} answered ${e.status}${e.replayed ? ' (replayed)' : ''}`
    case 'response-lost':
      return `attempt ${e.attempt} response lost: ${e.reason}`
    case 'client-gave-up':
      return `attempt ${e.attempt}: the client gave up (${e.how})`
    case 'outcome-reported':
      return `${e.call} ask ${e.ask} → ${e.envelope.status} retry_safe=${e.envelope.retry_safe} (${e.envelope.action_taken})`
    case 'executor-fault':
      return `executor ${e.problem}${e.call ? ` in ${e.call}` : ''}: ${e.message}`
    case 'run-ended':
      return `run ended (${e.pendingTimers} timers left)`
    case 'turn-started':
      return `turn starts; its deadline is at ${e.deadline} ms`
    case 'process-crashed':
      return `💥 executor process ${e.generation} crashed (${e.point})${e.call ? ` during ${e.call}` : ''}`
    case 'process-recovered':
      return `executor process ${e.generation} recovered`
    case 'fenced':
      return `dead process ${e.generation} tried ${e.what}: fenced`
    case 'service-restarted':
      return `⟳ service ${e.service} restarted`
    case 'answered':
      return `attempt ${e.attempt} → client: ${e.status ?? e.error}${e.retryAfterMs !== null ? ` (${holdOffName(e)} ${e.retryAfterMs / 1000} s)` : ''}`
    case 'abort-requested':
      return `abort requested for ${e.run}: ${e.reason}`
    case 'abort-reported':
      if (!e.supported) return 'abort → the executor has no abort(): nothing compensated'
      return `abort → ${e.envelopes.map((x) => `${x.status} (${x.action_taken}${x.compensates ? `, for ${x.compensates.type} ${x.compensates.id}` : ''})`).join(', ') || 'nothing to compensate'}`
  }
}

/** `send_email idempotent, not destructive`. */
function contractsText(contracts: Readonly<Record<string, ToolContract>>): string {
  return Object.entries(contracts)
    .map(([tool, c]) => {
      const said = (Object.entries(c) as [string, boolean][]).map(([k, v]) => (v ? k : `not ${k}`))
      return `${tool} ${said.join(', ')}`
    })
    .join('; ')
}
