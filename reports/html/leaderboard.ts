// The leaderboard: a row per executor, a
// column per judge any of them tripped.
import { JUDGE_NAMES } from '../../harness/judge/finding.ts'
import { pct } from '../kit/format.ts'
import { esc } from './escape.ts'
import type { HtmlRow } from './input.ts'
import { duration, shortDuration } from './time.ts'

const NA = '<span class="na">n/a</span>'

export function renderLeaderboard(rows: readonly HtmlRow[]): string {
  if (!rows.length) return '<p class="empty">no executor</p>'
  const judges = judgeColumns(rows)
  const head = [
    '<th scope="col">executor</th>',
    '<th scope="col">failing runs</th>',
    ...judges.map((j) => `<th scope="col" class="judge"><abbr title="${esc(j)}">${esc(abbreviate(j))}</abbr></th>`),
    '<th scope="col">unresolved</th>',
    '<th scope="col">recovery p50</th>',
    '<th scope="col">recovery p95</th>',
    '<th scope="col"><abbr title="reconciliation reads per tool call">probes/call</abbr></th>',
    '<th scope="col"><abbr title="sends beyond the first per tool call">extra sends/call</abbr></th>',
    '<th scope="col"><abbr title="the share of scenarios passed on every one of k replays">pass^k</abbr></th>',
  ]
  const body = rows.map((r) => {
    // Nothing tested is no pass, whatever the count.
    const failing = r.failingRuns > 0 || Boolean(r.nothingTested)
    const idle = r.nothingTested ? ` <span class="idle" title="${esc(r.nothingTested)}">nothing tested</span>` : ''
    return [
      `<tr class="${failing ? 'failing' : 'passing'}" data-executor="${esc(r.executor)}">`,
      `<th scope="row">${esc(r.executor)}</th>`,
      `<td class="num ${failing ? 'bad' : 'good'}">${esc(r.failingRuns)}/${esc(r.runs)}${idle}</td>`,
      ...judges.map((j) => {
        const n = r.violations[j] ?? 0
        return n ? `<td class="num bad" title="${esc(`${j}: ${n}`)}">${esc(n)}</td>` : '<td class="num zero">·</td>'
      }),
      `<td class="num">${Number.isFinite(r.unresolvedRate) ? esc(pct(r.unresolvedRate)) : NA}</td>`,
      `<td class="num">${latency(r.recoveryP50Ms)}</td>`,
      `<td class="num">${latency(r.recoveryP95Ms)}</td>`,
      `<td class="num">${esc(r.probesPerCall.toFixed(2))}</td>`,
      `<td class="num">${esc(r.extraSendsPerCall.toFixed(2))}</td>`,
      `<td class="num">${r.passK === null ? NA : esc(pct(r.passK))}</td>`,
      '</tr>',
    ].join('')
  })
  const legend = judges.length
    ? `<p class="legend">${judges.map((j) => `<b>${esc(abbreviate(j))}</b> ${esc(j)}`).join(' · ')}</p>`
    : ''
  return `<div class="scroll"><table class="leaderboard"><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('')}</tbody></table></div>${legend}`
}

function latency(v: number | null): string {
  if (v === null) return NA
  const exact = duration(v) === `${v} ms` ? duration(v) : `${duration(v)} (${v} ms)`
  return `<span title="${esc(exact)}">${esc(shortDuration(v))}</span>`
}

/**
 * Judges with a count in any row: known
 * ones in order, then others by name.
 */
function judgeColumns(rows: readonly HtmlRow[]): string[] {
  const used = new Set(
    rows.flatMap((r) =>
      Object.entries(r.violations)
        .filter(([, n]) => n > 0)
        .map(([j]) => j),
    ),
  )
  const known = JUDGE_NAMES.filter((j) => used.has(j))
  const others = [...used].filter((j) => !(JUDGE_NAMES as readonly string[]).includes(j)).sort()
  return [...known, ...others]
}

/** `duplicate-effect` → `DE`, as in text. */
export function abbreviate(judge: string): string {
  return judge
    .split('-')
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()
}
