// An audit-mapping result as JUnit XML:
// the ways the mapping failed first, one
// <error> case each (not one a cell), then
// a case per cell it answered, dangerous
// first. A dangerous cell fails; right and
// costly pass (costly is safe, only
// wasteful).
import type { AuditResult } from '../harness/audit/result.ts'
import { auditReplays, type Replays } from './kit/audit-words.ts'
import { failedHeading, faultyGroups, shownBy } from './kit/faulty-cells.ts'
import { junitXml, type JunitCase } from './junit-xml.ts'

const RANK = { faulty: 0, dangerous: 1, costly: 2, right: 3 } as const

export function renderAuditJunit(r: AuditResult, replays: Replays = auditReplays(r)): string {
  const failed = faultyGroups(r).map((g): JunitCase => {
    const clients = [...new Set(g.cells.map((c) => c.client))]
    const shown = g.cells.length === 1 ? shownBy(g.cells[0]!) : null
    return {
      name: g.where,
      classname: `faultline.audit-mapping.${clients.length === 1 ? clients[0] : 'mapping-failed'}`,
      outcome: {
        kind: 'error',
        type: g.problem,
        message: `the mapping failed on ${g.cells.length} cell(s): ${g.what}`,
        details: [
          `${failedHeading(r)}; this way on ${g.cells.length}: ${g.where}`,
          ...(shown ? [`the client showed: ${shown}`] : []),
        ].join('\n'),
      },
    }
  })
  const answered = r.matrix.cells.filter((c) => c.grade !== 'faulty').sort((a, b) => RANK[a.grade] - RANK[b.grade])
  const cases = answered.map((c): JunitCase => {
    const name = `${c.case} × ${c.client}`
    const classname = `faultline.audit-mapping.${c.client}`
    const replay = c.client === 'fetch' ? replays[c.case] : undefined
    const details = [
      `the client showed: ${c.observed}`,
      `the mapping said: ${c.class}`,
      `the ledger says: ${c.truth ?? '—'}`,
      ...(c.sameAs.length ? [`looks the same as: ${c.sameAs.join(', ')}`] : []),
      ...(replay ? [`minimal scenario saved to ${replay.savedTo}; replay with: ${replay.replay}`] : []),
    ].join('\n')
    if (c.grade === 'dangerous')
      return {
        name,
        classname,
        outcome: {
          kind: 'failure',
          type: c.consequence ?? 'dangerous',
          message: `${c.class} → ${c.consequence ?? 'dangerous'}: ${c.why}`,
          details,
        },
      }
    return { name, classname, outcome: null }
  })
  return junitXml('faultline audit-mapping', [
    {
      name: `faultline audit-mapping ${r.mapping}`,
      properties: [
        ['mapping', r.mapping],
        ['clients', r.clients.join(',')],
        ['verdict', r.verdict],
      ],
      cases: [...failed, ...cases],
    },
  ])
}
