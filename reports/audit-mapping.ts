// `faultline audit-mapping` as text: matrix,
// consequences, sources, then the verdict.
// Formats AuditResult only; every string
// escaped (reports/escape/): a mapping's
// answers are a user module's.
import type { AuditResult, ConsequenceCell } from '../harness/audit/result.ts'
import { auditReplays, auditVerdictLine, faultsLine, SOURCE_SHORT, WORDS, type Replays } from './kit/audit-words.ts'
import { cellsWhere, failedEverywhere, failedHeading, faultyGroups, shownBy } from './kit/faulty-cells.ts'
import { table } from './kit/format.ts'
import { sourceMapping, sourceMappingText } from './kit/source-mapping.ts'
import { consoleText } from './escape/console-text.ts'
import { termDeep } from './escape/terminal.ts'

type Cell = AuditResult['matrix']['cells'][number]

const MARK: Readonly<Record<Cell['grade'], string>> = { right: '·', costly: 'c', dangerous: 'D', faulty: '!' }

export function renderAuditMapping(raw: AuditResult, replays: Replays = auditReplays(raw)): string {
  const r = termDeep(raw)
  const out: string[] = []
  out.push(`faultline audit-mapping — ${r.mapping}`)
  out.push(
    `${r.matrix.rows.length} fault rows × ${r.clients.length} clients = ${r.counts.cells} cells; each observed by driving the real client through the simulated service with the fault, the truth read from the ledger`,
  )
  for (const s of r.skippedClients) out.push(`  (${s.client} skipped: ${s.why})`)
  out.push('', ...matrix(r), '', ...consequences(r, termDeep(replays)), '', ...sources(r), '')
  out.push(auditVerdictLine(r))
  return consoleText(out.join('\n'))
}

function matrix(r: AuditResult): string[] {
  const out = [
    "1. THE MATRIX — the mapping's class per fault and client   (· right  c costly  D dangerous  ! the mapping failed)",
    '',
  ]
  // Failed everywhere: a table of "!" says nothing.
  if (!failedEverywhere(r)) out.push(table(['fault (row)', 'truth (ledger)', ...r.clients], matrixBody(r)), '')
  const groups = faultyGroups(r)
  if (groups.length > 0) {
    out.push(`${failedHeading(r)}:`)
    for (const g of groups) {
      out.push(`  ! ${g.what} — ${g.where}`)
      const shown = g.cells.length === 1 ? shownBy(g.cells[0]!) : null
      if (shown) out.push(`      the client showed: ${shown}`)
    }
    out.push('')
  }
  const dangerous = r.matrix.cells.filter((c) => c.grade === 'dangerous')
  if (dangerous.length > 0) {
    out.push(`dangerous cells first (${dangerous.length}):`)
    for (const c of dangerous) {
      out.push(`  D ${c.case} × ${c.client}: ${c.class} → ${c.consequence ? `${WORDS[c.consequence]} — ` : ''}${c.why}`)
      out.push(
        `      the client showed: ${c.observed}${c.sameAs.length ? `; looks the same as: ${c.sameAs.join(', ')}` : ''}`,
      )
    }
    out.push('')
  }
  const costly = r.matrix.cells.filter((c) => c.grade === 'costly')
  if (costly.length > 0) {
    out.push(`costly cells (${costly.length}, safe but wasteful):`)
    const byWhy = new Map<string, Cell[]>()
    for (const c of costly) byWhy.set(`${c.class}: ${c.why}`, [...(byWhy.get(`${c.class}: ${c.why}`) ?? []), c])
    for (const [why, where] of byWhy) out.push(`  c ${why} — ${cellsWhere(where, r)}`)
  }
  // One blank line before the next part.
  while (out.at(-1) === '') out.pop()
  return out
}

function matrixBody(r: AuditResult): string[][] {
  const byKey = new Map(r.matrix.cells.map((c) => [`${c.case} ${c.client}`, c]))
  return r.matrix.rows.map((row) => {
    const cells = r.clients.map((client) => byKey.get(`${row.id} ${client}`))
    const truths = [...new Set(cells.map((c) => c?.truth ?? '—'))].join(' / ')
    return [
      row.id,
      truths.replace('depends-on-timing', 'depends on timing').replace('not-applied', 'not applied'),
      ...cells.map((c) => (c ? `${c.class ?? c.problem?.kind ?? '?'} ${MARK[c.grade]}` : '')),
    ]
  })
}

function consequences(r: AuditResult, replays: Replays): string[] {
  const c = r.consequences
  const out = [`2. THE CONSEQUENCES — ${c.executor} (the reference with this mapping), the usual campaign and judges`]
  if (c.skipped) return [...out, `  skipped: ${c.skipped}`]
  const violations = Object.entries(c.violations).filter(([, n]) => n > 0)
  out.push(
    `  ${c.runs} generated runs, seed ${c.seed}, profile ${c.profile}: ${c.failingRuns} failing${violations.length ? ` (${violations.map(([j, n]) => `${j} ${n}`).join(', ')})` : ''}; ${c.unattributedRuns} not attributed to a cell`,
  )
  const fetchCells = c.cells.filter((x) => x.client === 'fetch')
  if (fetchCells.length === 0) out.push("  no dangerous cell in the fetch column (the reference's client)")
  for (const x of fetchCells) out.push(...consequenceLines(x, replays[x.case]))
  const others = c.cells.filter((x) => x.client !== 'fetch')
  if (others.length > 0)
    out.push(
      `  ${others.length} dangerous cell(s) of other clients: the reference calls through fetch, so the campaign cannot reach them`,
    )
  for (const u of c.unattributed ?? [])
    out.push(`  run ${u.run} (${u.judges.join(', ')}): no cell explains it${u.replay ? ` — replay: ${u.replay}` : ''}`)
  return out
}

function consequenceLines(x: ConsequenceCell, replay: Replays[string] | undefined): string[] {
  const head = `  ${x.case} × fetch — ${WORDS[x.consequence]}: `
  if (x.status === 'lookalike') return [`${head}not in its own row (${x.note})`]
  // The note says "not reached in …" itself.
  if (x.status !== 'reached' || !x.counterexample)
    return [`${head}${x.note.startsWith('not reached') ? x.note : `not reached (${x.note})`}`]
  const faults = faultsLine(x.counterexample.scenario.faults)
  const lines = [
    `${head}REACHED at ${x.note} — ${x.counterexample.violations.find((v) => v.judge === x.judge)?.message ?? x.judge}`,
    `      minimal scenario: ${x.counterexample.scenario.plan.length} step(s); ${faults || 'no fault'}`,
  ]
  if (replay) lines.push(`      saved to ${replay.savedTo}; replay: ${replay.replay}`)
  return lines
}

function sources(r: AuditResult): string[] {
  const ids = r.sources.sources.map((s) => s.id)
  const out = [
    '3. THE PUBLISHED SOURCES — what each implies for a side-effecting POST   (* the mapping departs from it)',
    '',
  ]
  if (failedEverywhere(r))
    return [
      out[0]!,
      '  not compared: the mapping gave no class on any cell; what each source says, quoted: docs/mapping-audit.md',
    ]
  const body = r.sources.rows.map((row) => [
    row.observation,
    sourceMappingText(sourceMapping(r, row)),
    ...ids.map((id) => {
      const p = row.published.find((x) => x.source === id)
      return p?.class ? `${p.class}${p.departs ? '*' : ''}` : '—'
    }),
    row.sourcesDisagree ? 'disagree' : 'agree',
  ])
  out.push(table(['observation', 'mapping', ...ids.map((id) => SOURCE_SHORT[id] ?? id), 'sources'], body))
  out.push('', 'read in:')
  for (const s of r.sources.sources) out.push(`  ${SOURCE_SHORT[s.id] ?? s.id}: ${s.version} — ${s.where}`)
  out.push('  what each says, quoted, and how a retry rule is read as a class: docs/mapping-audit.md')
  return out
}
