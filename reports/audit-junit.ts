// An audit-mapping result as JUnit XML: a
// case per matrix cell, dangerous first. A
// dangerous cell fails; one the mapping
// failed on is an <error>; right and costly
// pass (costly is safe, only wasteful).
import type { AuditResult } from '../harness/audit/result.ts'
import { auditReplays, type Replays } from './kit/audit-words.ts'
import { junitXml, type JunitCase } from './junit-xml.ts'

const RANK = { faulty: 0, dangerous: 1, costly: 2, right: 3 } as const

export function renderAuditJunit(r: AuditResult, replays: Replays = auditReplays(r)): string {
  const cells = [...r.matrix.cells].sort((a, b) => RANK[a.grade] - RANK[b.grade])
  const cases = cells.map((c): JunitCase => {
    const name = `${c.case} × ${c.client}`
    const classname = `faultline.audit-mapping.${c.client}`
    const replay = c.client === 'fetch' ? replays[c.case] : undefined
    const details = [
      `the client showed: ${c.observed}`,
      `the mapping said: ${c.class ?? '(nothing usable)'}`,
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
    if (c.grade === 'faulty')
      return {
        name,
        classname,
        outcome: {
          kind: 'error',
          type: c.problem?.kind ?? 'mapping-failed',
          message: `the mapping failed: ${c.problem?.detail ?? c.why}`,
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
      cases,
    },
  ])
}
