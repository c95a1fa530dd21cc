// Narrow timing windows some bugs need: did a
// run strike them? A measure over the history,
// like coverage; a campaign counts the runs
// that struck each (issue 24, "search reach").
import type { CallId, History } from '../history/history.ts'
import { turnDeadlines } from '../judge/turns.ts'

/**
 * The windows, by the names reports use:
 * - `probe-while-in-network`: a probe of a
 *   call answered after one of its sends was
 *   struck in transit (held: late-delivery,
 *   latency) and before that send was
 *   delivered: a miss read there is no proof;
 * - `last-seconds-check`: a call acted in its
 *   turn's last LAST_SECONDS_MS (it started,
 *   sent, or read an answer): where a budget
 *   check must refuse to start a side effect.
 */
export const TIMING_WINDOWS = ['probe-while-in-network', 'last-seconds-check'] as const
export type TimingWindow = (typeof TIMING_WINDOWS)[number]

/** What each window is, for reports. */
export const TIMING_WINDOW_LABELS: Readonly<Record<TimingWindow, string>> = {
  'probe-while-in-network': 'a probe answered while a struck send was held in the network',
  'last-seconds-check': "a call acted in its turn's last 3.5 s",
}

/**
 * The reference's reserve (1.5 s) and minimum
 * attempt budget (2 s): in this stretch a
 * correct executor starts no side effect
 * (executors/reference/budget-rule.ts).
 */
export const LAST_SECONDS_MS = 3_500

/** The windows one run struck, in TIMING_WINDOWS order. */
export function timingWindows(history: History): TimingWindow[] {
  const struck = new Set<TimingWindow>()
  if (probeWhileInNetwork(history)) struck.add('probe-while-in-network')
  if (lastSecondsCheck(history)) struck.add('last-seconds-check')
  return TIMING_WINDOWS.filter((w) => struck.has(w))
}

/**
 * A probe of call C answered after a send of
 * C was struck in transit, before that send
 * was delivered (a send never delivered
 * leaves no effect: a miss is the truth).
 */
function probeWhileInNetwork(history: History): boolean {
  const delivered = new Map<number, number>() // attempt → seq of its delivery
  for (const e of history) if (e.type === 'request-delivered') delivered.set(e.attempt, e.seq)
  const probes = new Map<number, CallId>() // probe attempt → its call
  const held = new Map<CallId, number[]>() // call → its sends struck in transit
  for (const e of history) {
    if (e.type === 'attempt-sent' && e.probe && e.call !== null) probes.set(e.attempt, e.call)
    else if (e.type === 'fault-injected' && e.boundary === 'in-transit' && e.call !== null)
      held.set(e.call, [...(held.get(e.call) ?? []), e.attempt])
    else if (e.type === 'answered' && probes.has(e.attempt)) {
      const sends = held.get(probes.get(e.attempt)!) ?? []
      if (sends.some((a) => (delivered.get(a) ?? -1) > e.seq)) return true
    }
  }
  return false
}

/**
 * A call started, sent, or was answered
 * within LAST_SECONDS_MS before the deadline
 * of the turn in force.
 */
function lastSecondsCheck(history: History): boolean {
  const deadlineAt = turnDeadlines(history)
  for (const e of history) {
    const acts = e.type === 'call-started' || ((e.type === 'attempt-sent' || e.type === 'answered') && e.call !== null)
    if (!acts) continue
    const deadline = deadlineAt(e.seq)
    if (e.t < deadline && e.t >= deadline - LAST_SECONDS_MS) return true
  }
  return false
}

/** Runs that struck each window, in TIMING_WINDOWS order. */
export interface WindowCount {
  readonly window: TimingWindow
  /** Runs (of the campaign's) that struck it. */
  readonly runs: number
}

/** Add one run's windows into a campaign's counts. */
export function addWindows(into: Map<TimingWindow, number>, struck: readonly TimingWindow[]): void {
  for (const w of struck) into.set(w, (into.get(w) ?? 0) + 1)
}

/** Every window, struck or not, in TIMING_WINDOWS order. */
export function windowCounts(counts: ReadonlyMap<TimingWindow, number>): WindowCount[] {
  return TIMING_WINDOWS.map((window) => ({ window, runs: counts.get(window) ?? 0 }))
}
