// Which matrix cell a campaign's violation comes
// from: a dangerous fetch cell whose row a request
// of the call met (docs/internals/engine.md).
import type { JudgeName, Violation } from '../judge/finding.ts'
import { stepOf } from '../history/call-ids.ts'
import { eventsOf, type CallId, type History } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { RequestFault } from '../faults/catalogue.ts'
import { auditCase, type ObservationKind } from './cases.ts'
import { JUDGES_OF, type Consequence } from './grade.ts'

export interface Attribution {
  readonly case: string
  readonly judge: JudgeName
  readonly call: CallId
}

/** The payments tools: where fetch's observations come from. */
const PAYMENTS_TOOLS = new Set(['issue_refund', 'charge_card'])
/**
 * Rows fetch shows the same for any service:
 * no answer came, or a gateway's page did.
 */
const ANY_SERVICE: ReadonlySet<ObservationKind> = new Set([
  'refused',
  'name-not-resolved',
  'client-timeout',
  'reset',
  'probe-timeout',
  'caller-cancel',
  'headers-timeout',
  'body-timeout',
  'body-cut',
])
const GATEWAY_KINDS: ReadonlySet<string> = new Set(['gateway-timeout', 'gateway-error'])

function anyService(row: string): boolean {
  const c = auditCase(row)
  return c !== undefined && (ANY_SERVICE.has(c.observation) || GATEWAY_KINDS.has(c.kind))
}

/**
 * The violations of a run that dangerous cells (row
 * id → consequence) explain, one per cell and judge.
 */
export function attribute(
  scenario: Scenario,
  history: History,
  violations: readonly Violation[],
  dangerous: ReadonlyMap<string, Consequence>,
): Attribution[] {
  const tools = new Map(eventsOf(history, 'call-started').map((e) => [e.call, e.tool]))
  const out: Attribution[] = []
  for (const v of violations) {
    if (v.call === null) continue
    const payments = PAYMENTS_TOOLS.has(tools.get(v.call) ?? '')
    for (const row of rowsMet(scenario, history, v.call)) {
      if (!payments && !(tools.get(v.call) === 'send_email' && anyService(row))) continue
      const consequence = dangerous.get(row)
      if (!consequence || !JUDGES_OF[consequence].includes(v.judge)) continue
      if (!out.some((a) => a.case === row && a.judge === v.judge)) out.push({ case: row, judge: v.judge, call: v.call })
    }
  }
  return out
}

/** The matrix rows the requests of `call` met, in order. */
export function rowsMet(scenario: Scenario, history: History, call: CallId): string[] {
  const step = stepOf(call)
  const address = new Map<number, { readonly probe: boolean; readonly nth: number }>()
  let sends = 0
  let probes = 0
  for (const e of eventsOf(history, 'attempt-sent'))
    if (e.call === call) address.set(e.attempt, { probe: e.probe, nth: e.probe ? ++probes : ++sends })
  const struck = new Map(
    eventsOf(history, 'fault-injected')
      .filter((e) => e.call === call)
      .map((e) => [e.attempt, e]),
  )
  const answered = new Map(eventsOf(history, 'answered').map((e) => [e.attempt, e]))
  const gaveUp = new Map(eventsOf(history, 'client-gave-up').map((e) => [e.attempt, e]))
  const effects = eventsOf(history, 'effect-applied').filter((e) => e.call === call)
  const rows: string[] = []
  for (const [attempt, at] of address) {
    const injected = struck.get(attempt)
    const mine = effects.filter((e) => e.attempt === attempt)
    const left = gaveUp.get(attempt)
    const effect = (t: number) => (mine.some((e) => e.t <= t) ? 'before' : mine.length > 0 ? 'after' : 'none')
    if (!injected) {
      // No fault: a 409 of a send in flight, or a
      // service slower than the client waits.
      const row =
        answered.get(attempt)?.status === 409
          ? 'key-in-use.in-flight'
          : left
            ? gaveUpRow('latency.past-timeout', left.how, effect(left.t))
            : null
      if (row && !rows.includes(row)) rows.push(row)
      continue
    }
    const fault = scenario.faults.find(
      (f): f is RequestFault =>
        f.kind === injected.kind &&
        f.step === step &&
        (at.probe ? (f as { probe?: number }).probe === at.nth : (f as { send?: number }).send === at.nth),
    )
    if (!fault) continue
    const own = rowOf(
      fault,
      answered.get(attempt)?.status ?? null,
      effects.some((e) => e.t <= injected.t),
    )
    const row = left ? gaveUpRow(own, left.how, effect(left.t)) : own
    if (!rows.includes(row)) rows.push(row)
  }
  return rows
}

/**
 * The row of a client's own way of giving up:
 * with an effect (then or later), and without.
 */
const BY_HOW: Readonly<Record<string, readonly [string, string]>> = {
  AbortError: ['caller-cancel.in-flight', 'caller-cancel.before-send'],
  UND_ERR_HEADERS_TIMEOUT: ['undici-headers-timeout.agent', 'undici-headers-timeout.no-effect'],
  UND_ERR_BODY_TIMEOUT: ['undici-body-timeout', 'undici-body-timeout'],
}
/** Rows where the client gives up by its timeout. */
const TIMED_OUT: ReadonlySet<ObservationKind> = new Set(['client-timeout', 'probe-timeout'])

/**
 * The row of a struck request its client gave
 * up on (`how`): a cancel or undici's timeout
 * has rows of its own; a timeout before any
 * answer (a 504 still to come) is a client
 * timeout's, as the effect then stood.
 */
export function gaveUpRow(own: string, how: string, effect: 'before' | 'after' | 'none'): string {
  const byHow = BY_HOW[how]?.[effect === 'none' ? 1 : 0]
  if (byHow && auditCase(byHow)) return byHow
  if (TIMED_OUT.has(auditCase(own)?.observation ?? 'success')) return own
  return effect === 'before' ? 'withhold-after-effect' : effect === 'after' ? 'latency.past-timeout' : 'dropped'
}

/**
 * The row a fault stands for, given
 * what reached the client and whether
 * the call's effect existed by then.
 */
export function rowOf(fault: RequestFault, status: number | null, effectBefore: boolean): string {
  switch (fault.kind) {
    case 'latency':
      return status !== null ? 'latency.slow-success' : 'latency.past-timeout'
    case 'server-fails-before-apply':
      return `server-fails-before-apply.${fault.mode}`
    case 'gateway-timeout':
      return `gateway-timeout.${fault.upstream}`
    case 'gateway-error':
      // No page reached the client: it gave up
      // first, after the effect or with none.
      if (status === null) return fault.upstream === 'acted' ? 'withhold-after-effect' : 'dropped'
      return `gateway-error.${fault.status}.${fault.upstream}`
    case 'error-response':
      return `error-response.${fault.status}`
    case 'probe-timeout':
      return effectBefore ? 'probe-timeout.after-effect' : 'probe-timeout.no-effect'
    default:
      return fault.kind
  }
}
