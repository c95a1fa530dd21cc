// A small audit-mapping result (the fields the renderers read), by hand: one
// right, one costly, one dangerous and one faulty cell.
import type { AuditView } from '../../../reports/audit-mapping.ts'

export function auditView(): AuditView {
  const cell = (c: string, client: string, grade: 'right' | 'costly' | 'dangerous' | 'faulty', cls: string | null, consequence: string | null) => ({ case: c, client, observed: `${client} saw ${c} <x>`, class: cls, problem: grade === 'faulty' ? { kind: 'threw', detail: 'boom | <b>' } : null, truth: 'applied', sameAs: [], grade, consequence, why: `why ${c}` })
  return {
    mapping: 'examples/mappings/reset-as-not-sent.ts',
    verdict: 'fail',
    clients: ['fetch', 'http'],
    skippedClients: [],
    counts: { cells: 4, right: 1, costly: 1, dangerous: 1, faulty: 1 },
    matrix: {
      rows: [{ id: 'reset-after-effect', label: 'reset after the effect <i>' }, { id: 'error-response.503', label: '503' }],
      cells: [cell('reset-after-effect', 'http', 'right', 'ambiguous', null), cell('error-response.503', 'fetch', 'costly', 'ambiguous', null), cell('reset-after-effect', 'fetch', 'dangerous', 'not-sent', 'duplicate-effect'), cell('error-response.503', 'http', 'faulty', null, null)],
    },
    consequences: { executor: 'reference+mapping', profile: 'vendor', seed: 1, runs: 10, skipped: null, failingRuns: 2, violations: { 'duplicate-effect': 2 }, unattributedRuns: 0, cells: [] },
    sources: { sources: [{ id: 'undici', name: 'undici', version: '7', where: 'lib' }], rows: [{ observation: 'reset', mapping: [{ class: 'not-sent', clients: ['fetch'] }], published: [{ source: 'undici', class: 'ambiguous', says: 'retries <idempotent> only', departs: true }], sourcesDisagree: false }] },
  }
}
