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
/** Rows where no answer came: fetch's error is any service's. */
const NO_ANSWER: ReadonlySet<ObservationKind> = new Set([
  'refused',
  'name-not-resolved',
  'client-timeout',
  'reset',
  'probe-timeout',
])

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
      if (!payments && !(tools.get(v.call) === 'send_email' && NO_ANSWER.has(auditCase(row)?.observation ?? 'success')))
        continue
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
  const effects = eventsOf(history, 'effect-applied').filter((e) => e.call === call)
  const rows: string[] = []
  for (const [attempt, at] of address) {
    const injected = struck.get(attempt)
    if (!injected) {
      if (answered.get(attempt)?.status === 409) rows.push('key-in-use.in-flight')
      continue
    }
    const fault = scenario.faults.find(
      (f): f is RequestFault =>
        f.kind === injected.kind &&
        f.step === step &&
        (at.probe ? (f as { probe?: number }).probe === at.nth : (f as { send?: number }).send === at.nth),
    )
    if (!fault) continue
    const row = rowOf(
      fault,
      answered.get(attempt)?.status ?? null,
      effects.some((e) => e.t <= injected.t),
    )
    if (!rows.includes(row)) rows.push(row)
  }
  return rows
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
    case 'error-response':
      return `error-response.${fault.status}`
    case 'probe-timeout':
      return effectBefore ? 'probe-timeout.after-effect' : 'probe-timeout.no-effect'
    default:
      return fault.kind
  }
}
