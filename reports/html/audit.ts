// An audit-mapping result as one HTML file,
// from its JSON alone: `faultline report
// <audit.json> --html` gives the same bytes.
import type { AuditResult } from '../../harness/audit/result.ts'
import { auditReplays, auditVerdictLine } from '../kit/audit-words.ts'
import { renderConsequences } from './audit-consequences.ts'
import { failedTitle } from '../kit/faulty-cells.ts'
import { dangerousCells, renderDangerous, renderFailed, renderMatrix } from './audit-matrix.ts'
import { esc } from './escape.ts'
import { renderSources } from './audit-sources.ts'
import { renderPage } from './page.ts'
import { AUDIT_STYLES } from './styles.ts'

export function renderAuditHtml(r: AuditResult): string {
  const replays = auditReplays(r)
  const skipped = r.skippedClients.length
    ? ` · skipped: ${r.skippedClients.map((s) => `${s.client} (${s.why})`).join(', ')}`
    : ''
  const bad = dangerousCells(r).length
  const failed = failedTitle(r)
  const main = `<nav class="sections"><ol>${failed ? `<li><a href="#failed">The mapping failed (${r.counts.faulty})</a></li>` : ''}<li><a href="#dangerous">Dangerous cells (${bad})</a></li><li><a href="#matrix">1. The matrix</a></li><li><a href="#consequences">2. The consequences</a></li><li><a href="#sources">3. The published sources</a></li></ol></nav>
${failed ? `<section id="failed"><h2>${esc(failed)}</h2>${renderFailed(r)}</section>\n` : ''}<section id="dangerous"><h2>Dangerous cells first (${bad})</h2>${renderDangerous(r, replays)}</section>
<section id="matrix"><h2>1. The matrix — the mapping's class per fault and client</h2>${renderMatrix(r)}</section>
<section id="consequences"><h2>2. The consequences — a campaign of the reference with this mapping</h2>${renderConsequences(r, replays)}</section>
<section id="sources"><h2>3. The published sources</h2>${renderSources(r)}</section>`
  return renderPage({
    title: `faultline audit-mapping — ${r.mapping}`,
    subtitle: `${r.matrix.rows.length} fault rows × ${r.clients.length} clients (${r.clients.join(', ')}) = ${r.counts.cells} cells, each observed by driving the real client through the simulated service with the fault, the truth read from the ledger${skipped}`,
    verdict: { passed: r.verdict === 'pass', line: auditVerdictLine(r) },
    main,
    styles: AUDIT_STYLES,
  })
}
