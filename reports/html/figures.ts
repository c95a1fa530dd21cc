// A gate's or run's figures beyond the
// leaderboard, its coverage, and its checks
// (corpus replays, --min-coverage).
import { esc } from './escape.ts'
import type { HtmlCheck, HtmlCoverageRow, HtmlFigure } from './input.ts'

export function renderFigures(figures: readonly HtmlFigure[]): string {
  const rows = figures.map(
    (f) =>
      `<tr data-figure="${esc(f.label)}"><th scope="row">${esc(f.label)}</th><td class="value">${esc(f.value)}</td><td class="note">${esc(f.note)}</td></tr>`,
  )
  return `<table class="figures"><tbody>${rows.join('')}</tbody></table>`
}

export function renderCoverage(cells: readonly HtmlCoverageRow[]): string {
  if (!cells.length)
    return '<p class="empty" data-coverage="none">Nothing struck: no fault was injected and no process crashed.</p>'
  const n = (v: number) => (v ? `<td class="num">${esc(v)}</td>` : '<td class="num zero">·</td>')
  const head = [
    'fault',
    'boundary',
    'tool',
    'struck',
    'effect while the client saw an error',
    'unknown reconciled',
    'crash with a request in flight',
  ]
  const rows = cells.map(
    (c) =>
      `<tr data-kind="${esc(c.kind)}" data-boundary="${esc(c.boundary)}" data-tool="${esc(c.tool)}"><td>${esc(c.kind)}</td><td>${esc(c.boundary)}</td><td>${esc(c.tool)}</td><td class="num">${esc(c.struck)}</td>${n(c.effectWhileError)}${n(c.unknownReconciled)}${n(c.crashInFlight)}</tr>`,
  )
  return `<div class="scroll"><table class="coverage"><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

export function renderChecks(checks: readonly HtmlCheck[]): string {
  const items = checks.map((c) => {
    const mark = c.ok === null ? '·' : c.ok ? '✓' : '✗'
    const state = c.ok === null ? 'unchecked' : c.ok ? 'pass' : 'fail'
    return `<li class="check ${state}" data-ok="${state}"><b>${mark} ${esc(c.label)}</b> ${esc(c.detail)}${c.command ? `<br><code>${esc(c.command)}</code>` : ''}</li>`
  })
  return `<ul class="checks">${items.join('')}</ul>`
}
