// An audit-mapping result as Markdown:
// verdict, where the mapping failed (a line
// a way), dangerous cells, matrix,
// consequences, sources (folded); within
// the step-summary budget.
import type { AuditResult } from '../harness/audit/result.ts'
import { auditReplays, type Replays } from './kit/audit-words.ts'
import { failedEverywhere, failedTitle, faultyGroups, shownBy } from './kit/faulty-cells.ts'
import { sourceMapping, sourceMappingText } from './kit/source-mapping.ts'
import { code, details, fitBlocks, md, mdTable, type Block } from './markdown-kit.ts'
import { MARKDOWN_BUDGET, type MarkdownOptions } from './markdown.ts'

const MARK = { right: '·', costly: 'c', dangerous: '**D**', faulty: '**!**' } as const

export function renderAuditMarkdown(
  r: AuditResult,
  replays: Replays = auditReplays(r),
  options: MarkdownOptions = {},
): string {
  const pass = r.verdict === 'pass'
  const line = pass
    ? `PASS — no dangerous cell (${r.counts.right} right, ${r.counts.costly} costly)`
    : `FAIL — ${[r.counts.dangerous ? `${r.counts.dangerous} dangerous cell(s)` : '', r.counts.faulty ? `${r.counts.faulty} cell(s) where the mapping failed` : ''].filter(Boolean).join(', ')}`
  const head = `## ${pass ? '✅' : '❌'} faultline audit-mapping — ${md(r.mapping)}\n\n**${md(line)}**\n\n${r.matrix.rows.length} fault rows × ${r.clients.length} clients = ${r.counts.cells} cells (${r.clients.map(code).join(', ')})${r.skippedClients.length ? ` · skipped: ${r.skippedClients.map((s) => `${code(s.client)} (${md(s.why)})`).join(', ')}` : ''}`
  const blocks: Block[] = [{ full: head }]
  const groups = faultyGroups(r)
  if (groups.length) {
    const items = groups.map((g) => {
      const shown = g.cells.length === 1 ? shownBy(g.cells[0]!) : null
      return `- **!** ${md(g.what)} — ${md(g.where)}${shown ? ` (the client showed: ${md(shown)})` : ''}`
    })
    blocks.push({ full: `### ${md(failedTitle(r)!)}\n\n${items.join('\n')}` })
  }
  const bad = r.matrix.cells.filter((c) => c.grade === 'dangerous')
  if (bad.length) {
    const rows = bad.map((c) => {
      const replay = c.client === 'fetch' ? replays[c.case] : undefined
      return [
        `${code(c.case)} × ${code(c.client)}`,
        code(c.class ?? '?'),
        md(c.truth ?? '—'),
        md(c.consequence ?? '—'),
        md(c.why),
        md(c.observed),
        replay ? code(replay.replay) : '',
      ]
    })
    blocks.push({
      full: `### Dangerous cells first (${bad.length})\n\n${mdTable(['cell', 'mapping said', 'truth (ledger)', 'consequence', 'why', 'the client showed', 'replay'], rows)}`,
    })
  }
  const byKey = new Map(r.matrix.cells.map((c) => [`${c.case} ${c.client}`, c]))
  const rows = r.matrix.rows.map((row) => {
    const cells = r.clients.map((client) => byKey.get(`${row.id} ${client}`))
    return [
      code(row.id),
      md([...new Set(cells.map((c) => c?.truth ?? '—'))].join(' / ')),
      ...cells.map((c) => (c ? `${md(c.class ?? c.problem?.kind ?? '?')} ${MARK[c.grade]}` : '')),
    ]
  })
  blocks.push({
    full: failedEverywhere(r)
      ? '### The matrix\n\nNo class to show: the mapping failed on every cell.'
      : `### The matrix\n\n· right · c costly · **D** dangerous · **!** the mapping failed\n\n${mdTable(['fault (row)', 'truth (ledger)', ...r.clients.map(code)], rows)}`,
  })
  const c = r.consequences
  const violations = Object.entries(c.violations).filter(([, n]) => n > 0)
  const reached = c.cells.filter((x) => x.status === 'reached')
  const cons = c.skipped
    ? `skipped: ${md(c.skipped)}`
    : `${c.runs} generated runs of ${code(c.executor)} (seed ${c.seed}, profile ${md(c.profile)}): ${c.failingRuns} failing${violations.length ? ` (${violations.map(([j, n]) => `${code(j)} ${n}`).join(', ')})` : ''}; ${c.unattributedRuns} not attributed to a cell; ${reached.length} dangerous cell(s) reached${reached.length ? `: ${reached.map((x) => `${code(x.case)} (${md(x.note)})`).join(', ')}` : ''}`
  const unexplained = (c.unattributed ?? []).map(
    (u) =>
      `\n- run ${u.run} (${u.judges.map(code).join(', ')}): no cell explains it${u.replay ? `; replay: ${code(u.replay)}` : ''}`,
  )
  blocks.push({ full: `### The consequences\n\n${cons}${unexplained.join('')}` })
  const ids = r.sources.sources.map((s) => s.id)
  const srcRows = r.sources.rows.map((row) => [
    code(row.observation),
    md(sourceMappingText(sourceMapping(r, row), ', ')),
    ...ids.map((id) => {
      const p = row.published.find((x) => x.source === id)
      return p?.class ? `${md(p.class)}${p.departs ? ' \\*' : ''}` : '—'
    }),
  ])
  blocks.push({
    full: `### The published sources\n\n${details('what each source implies for a side-effecting POST (* the mapping departs from it)', mdTable(['observation', 'mapping', ...ids.map(code)], srcRows))}`,
  })
  return fitBlocks(
    blocks,
    options.maxBytes ?? MARKDOWN_BUDGET,
    'The whole result is in `faultline audit-mapping --json`.',
  )
}
