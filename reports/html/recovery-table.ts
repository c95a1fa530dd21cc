// A comparison's recovery latency per
// first-fault class, a row per executor:
// one slow class (a 25-hour crash pause)
// hides no other.
import { classKey, recoveryClasses } from '../kit/recovery-classes.ts'
import { esc } from './escape.ts'
import type { HtmlRecoveryClass } from './input.ts'
import { duration, shortDuration } from './time.ts'

export function renderRecoveryTable(
  rows: readonly { readonly executor: string; readonly classes: readonly HtmlRecoveryClass[] }[],
): string {
  const latency = (c: HtmlRecoveryClass) => ({ count: c.count, p50: c.p50Ms, p95: c.p95Ms, max: c.maxMs })
  const classes = recoveryClasses(
    rows.map((r) => r.classes.map((c) => ({ kind: c.kind, boundary: c.boundary, latency: latency(c) }))),
  )
  if (classes.length === 0)
    return '<p class="empty" data-recovery-by-fault="none">No faulted call reached a known outcome: no recovery latency per fault class.</p>'
  const head = `<tr><th scope="col">executor</th>${classes.map((c) => `<th scope="col" data-class="${esc(classKey(c))}">${esc(c.kind)}<br><small>@ ${esc(c.boundary)}</small></th>`).join('')}</tr>`
  const body = rows.map((r) => {
    const by = new Map(r.classes.map((c) => [classKey(c), c]))
    const cells = classes.map((k) => {
      const c = by.get(classKey(k))
      if (!c) return '<td class="num zero">·</td>'
      const exact = `p50 ${figure(c.p50Ms, duration)} · p95 ${figure(c.p95Ms, duration)} · max ${figure(c.maxMs, duration)} · ${c.count} faulted call${c.count === 1 ? '' : 's'}`
      return `<td class="num" data-class="${esc(classKey(c))}" title="${esc(exact)}">${esc(figure(c.p50Ms, shortDuration))} / ${esc(figure(c.p95Ms, shortDuration))}</td>`
    })
    return `<tr data-executor="${esc(r.executor)}"><th scope="row">${esc(r.executor)}</th>${cells.join('')}</tr>`
  })
  return `<figure class="recovery-by-fault"><figcaption>per class of the first fault (kind @ boundary): p50 / p95 of the virtual time to a known outcome; hover a cell for the exact figures and the count</figcaption><div class="scroll"><table class="leaderboard recovery-by-fault"><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div></figure>`
}

function figure(v: number | null, as: (ms: number) => string): string {
  return v === null ? '—' : as(v)
}
