// The audit's matrix in HTML: where the
// mapping failed (an item a way) and the
// dangerous cells first, then every cell
// graded, then the costly ones grouped by
// reason.
import type { AuditResult } from '../../harness/audit/result.ts'
import { WORDS, type Replays } from '../kit/audit-words.ts'
import { failedEverywhere, faultyGroups, shownBy } from '../kit/faulty-cells.ts'
import { esc } from './escape.ts'

type Cell = AuditResult['matrix']['cells'][number]

const GRADE: Readonly<Record<Cell['grade'], string>> = {
  right: 'right',
  costly: 'costly',
  dangerous: 'dangerous',
  faulty: 'mapping failed',
}
const TRUTH: Readonly<Record<string, string>> = {
  applied: 'applied',
  'not-applied': 'not applied',
  'depends-on-timing': 'depends on timing',
}

/**
 * Cells to read first, after where the
 * mapping failed (renderFailed).
 */
export function dangerousCells(r: AuditResult): Cell[] {
  return r.matrix.cells.filter((c) => c.grade === 'dangerous')
}

/**
 * Where the mapping failed, one item a
 * way it failed (not one a cell).
 */
export function renderFailed(r: AuditResult): string {
  const items = faultyGroups(r).map((g) => {
    const shown = g.cells.length === 1 ? shownBy(g.cells[0]!) : null
    const cells = g.cells.map((c) => `${c.case} ${c.client}`).join(' ')
    return `<li class="g-faulty" data-problem="${esc(g.problem)}" data-cells="${esc(cells)}"><b>${esc(g.what)}</b> — ${esc(g.where)}${shown ? `<dl class="cell"><dt>the client showed</dt><dd>${esc(shown)}</dd></dl>` : ''}</li>`
  })
  // The dangerous list's look (styles.ts),
  // in the colour of g-faulty.
  return `<ol class="dangerous-cells failed-cells">${items.join('')}</ol>`
}

export function renderDangerous(r: AuditResult, replays: Replays): string {
  const bad = dangerousCells(r)
  if (bad.length === 0)
    return r.counts.faulty > 0
      ? '<p class="empty" data-dangerous="none">No dangerous cell among those the mapping answered (it failed on the others: above).</p>'
      : '<p class="empty" data-dangerous="none">No dangerous cell: wherever an effect may exist the mapping does not say it was not sent or rejected, and it never says applied where none exists.</p>'
  const items = bad.map((c) => {
    const replay = c.client === 'fetch' ? replays[c.case] : undefined
    const rows: [string, string][] = [
      ['the client showed', esc(c.observed)],
      ['the mapping said', `<code>${esc(c.class ?? '?')}</code>`],
      ['the ledger says', esc(truth(c.truth))],
      ['consequence', c.consequence ? `<b>${esc(WORDS[c.consequence] ?? c.consequence)}</b>` : '—'],
      ['why', esc(c.why)],
    ]
    if (c.sameAs.length) rows.push(['looks the same as', c.sameAs.map((s) => `<code>${esc(s)}</code>`).join(', ')])
    if (replay)
      rows.push([
        'replay',
        `<a href="#consequence-${esc(anchor(c.case))}">counterexample</a> · <code>${esc(replay.replay)}</code>`,
      ])
    const head = `<code>${esc(c.case)}</code> × <code>${esc(c.client)}</code> — ${esc(c.class ?? '?')}${c.consequence ? ` → ${esc(WORDS[c.consequence] ?? c.consequence)}` : ''}`
    return `<li class="g-${c.grade}" data-case="${esc(c.case)}" data-client="${esc(c.client)}" data-grade="${c.grade}"><b>${head}</b><dl class="cell">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl></li>`
  })
  return `<ol class="dangerous-cells">${items.join('')}</ol>`
}

export function renderMatrix(r: AuditResult): string {
  const byKey = new Map(r.matrix.cells.map((c) => [`${c.case} ${c.client}`, c]))
  const head = `<tr><th scope="col">fault (row)</th>${r.clients.map((c) => `<th scope="col" data-client="${esc(c)}"><code>${esc(c)}</code></th>`).join('')}</tr>`
  const body = r.matrix.rows.map((row) => {
    const cells = r.clients.map((client) => {
      const c = byKey.get(`${row.id} ${client}`)
      return c ? cell(c) : `<td class="none" data-case="${esc(row.id)}" data-client="${esc(client)}">—</td>`
    })
    return `<tr data-row="${esc(row.id)}"><th scope="row"><code>${esc(row.id)}</code><small>${esc(row.label)}</small></th>${cells.join('')}</tr>`
  })
  const c = r.counts
  const legend = `<p class="legend">${c.cells} cells: <span class="g-right"><span class="grade">right</span></span> ${c.right} · <span class="g-costly"><span class="grade">costly</span></span> ${c.costly} (safe but wasteful: ambiguous where the truth was known) · <span class="g-dangerous"><span class="grade">dangerous</span></span> ${c.dangerous} (not-sent or rejected where an effect may exist; applied where none does) · <span class="g-faulty"><span class="grade">mapping failed</span></span> ${c.faulty}. Each cell: the mapping's class, its grade and consequence, what the client raised, and the ledger's truth (hover for why).</p>`
  // Failed everywhere: a table of "failed" says nothing.
  if (failedEverywhere(r))
    return `${legend}<p class="empty" data-matrix="failed">No class to show: the mapping failed on every cell.</p>`
  return `${legend}<div class="scroll"><table class="matrix"><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div>${costly(r)}`
}

function cell(c: Cell): string {
  const said = c.class ?? `failed: ${c.problem?.kind ?? '?'}`
  const consequence = c.consequence
    ? `<span class="consequence">${esc(WORDS[c.consequence] ?? c.consequence)}</span>`
    : ''
  return `<td class="g-${c.grade}" data-case="${esc(c.case)}" data-client="${esc(c.client)}" data-grade="${c.grade}" data-class="${esc(c.class ?? '')}" data-truth="${esc(c.truth ?? '')}" title="${esc(c.why)}"><span class="class">${esc(said)}</span><span class="grade">${esc(GRADE[c.grade])}</span>${consequence}<small class="observed">${esc(c.observed)}</small><small class="truth">ledger: ${esc(truth(c.truth))}</small></td>`
}

function costly(r: AuditResult): string {
  const cells = r.matrix.cells.filter((c) => c.grade === 'costly')
  if (cells.length === 0) return ''
  const byWhy = new Map<string, Cell[]>()
  for (const c of cells) byWhy.set(`${c.class}: ${c.why}`, [...(byWhy.get(`${c.class}: ${c.why}`) ?? []), c])
  const items = [...byWhy].map(
    ([why, where]) =>
      `<li><b>${esc(why)}</b> — ${where.map((c) => `<code>${esc(c.case)}</code> × <code>${esc(c.client)}</code>`).join(', ')}</li>`,
  )
  return `<h3>Costly cells (${cells.length}, safe but wasteful)</h3><ul class="costly">${items.join('')}</ul>`
}

function truth(t: string | null): string {
  return t === null ? '—' : (TRUTH[t] ?? t)
}

/** A row id as a fragment identifier. */
export function anchor(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_')
}
