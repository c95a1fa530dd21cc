// Which events each violation is about, to
// draw in red. It does not judge: it finds
// what the judge's message names.
import type { History, HistoryEvent } from '../../harness/history/history.ts'
import type { HtmlViolation } from './input.ts'

export interface ViolationMarks {
  /** seq → indexes (0-based) of its violations. */
  readonly bySeq: ReadonlyMap<number, readonly number[]>
  /**
   * Per violation: the seq its callout points
   * at (the last marked), or null.
   */
  readonly anchors: readonly (number | null)[]
}

export function markViolations(history: History, violations: readonly HtmlViolation[]): ViolationMarks {
  const bySeq = new Map<number, number[]>()
  const anchors = violations.map((v, i) => {
    const marked = relatedEvents(history, v)
    for (const e of marked) bySeq.set(e.seq, [...(bySeq.get(e.seq) ?? []), i])
    return marked.length ? Math.max(...marked.map((e) => e.seq)) : null
  })
  return { bySeq, anchors }
}

function relatedEvents(history: History, v: HtmlViolation): HistoryEvent[] {
  const m = v.message
  const asks = numbersAfter(m, 'ask')
  const attempts = numbersAfter(m, 'attempt')
  const abortCall = v.call?.endsWith('#abort') ? v.call.slice(0, -'#abort'.length) : null
  const named = history.filter((e) => {
    switch (e.type) {
      case 'effect-applied':
        return mentions(m, e.effect)
      case 'outcome-reported':
        return e.call === v.call && asks.has(e.ask)
      case 'attempt-sent':
        return attempts.has(e.attempt) && (v.call === null || e.call === v.call)
      case 'abort-reported':
        return abortCall === e.run || (/\babort/i.test(m) && (v.call === null || v.call.startsWith(`${e.run}/`)))
      case 'executor-fault':
        return v.judge === 'executor-fault' && (v.call === null || e.call === v.call) && m.includes(e.message)
      default:
        return false
    }
  })
  if (named.length) return named
  // Nothing named found: the call's reports
  // and effects (a run: its executor faults).
  return history.filter((e) =>
    v.call === null
      ? e.type === 'executor-fault' && v.judge === 'executor-fault'
      : (e.type === 'outcome-reported' || e.type === 'effect-applied' || e.type === 'executor-fault') &&
        e.call === v.call,
  )
}

/**
 * Numbers after `word` in `s` ("ask 2",
 * "attempt 13"), whole words only.
 */
function numbersAfter(s: string, word: string): Set<number> {
  return new Set([...s.matchAll(new RegExp(`\\b${word} (\\d+)\\b`, 'g'))].map((x) => Number(x[1])))
}

/** Whether `s` names `id` as a whole token (re_1 is not re_10). */
function mentions(s: string, id: string): boolean {
  if (!id) return false
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\w])${escaped}($|[^\\w])`).test(s)
}
