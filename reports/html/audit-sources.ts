// The published sources in HTML: per
// observation, the mapping's class (or
// where it failed) beside each source's,
// departures marked.
import type { AuditResult } from '../../harness/audit/result.ts'
import { SOURCE_SHORT } from '../kit/audit-words.ts'
import { sourceMapping, sourceMappingText } from '../kit/source-mapping.ts'
import { esc } from './escape.ts'

export function renderSources(r: AuditResult): string {
  const sources = r.sources.sources
  const head = `<tr><th scope="col">observation</th><th scope="col">the mapping</th>${sources.map((s) => `<th scope="col" data-source="${esc(s.id)}"><abbr title="${esc(s.name)}">${esc(SOURCE_SHORT[s.id] ?? s.id)}</abbr></th>`).join('')}<th scope="col">sources</th></tr>`
  const body = r.sources.rows.map((row) => {
    const mapping = sourceMappingText(sourceMapping(r, row), ', ')
    const cells = sources.map((s) => {
      const p = row.published.find((x) => x.source === s.id)
      if (!p?.class) return `<td class="none" data-source="${esc(s.id)}"${p ? ` title="${esc(p.says)}"` : ''}>—</td>`
      return `<td class="${p.departs ? 'departs' : ''}" data-source="${esc(s.id)}" data-departs="${p.departs}" title="${esc(p.says)}">${esc(p.class)}${p.departs ? ' ✗' : ''}</td>`
    })
    return `<tr data-observation="${esc(row.observation)}"><th scope="row"><code>${esc(row.observation)}</code></th><td><code>${esc(mapping)}</code></td>${cells.join('')}<td>${row.sourcesDisagree ? '<b>disagree</b>' : 'agree'}</td></tr>`
  })
  const read = sources
    .map((s) => `<li data-source="${esc(s.id)}"><b>${esc(s.name)}</b>: ${esc(s.version)} — ${esc(s.where)}</li>`)
    .join('')
  return `<p class="legend">What each source implies for a side-effecting POST; <b>✗</b> marks where the mapping departs from it; hover a cell for the source's own rule. How a retry rule is read as a class, with quotes: docs/mapping-audit.md.</p>
<div class="scroll"><table class="sources"><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div>
<h3>Read in</h3><ul class="read-in">${read}</ul>`
}
