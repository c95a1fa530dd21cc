// A small audit-mapping result by hand: one right,
// one costly, one dangerous, one faulty cell. The
// audit's own type (and schema), so renderers are
// tested on what the audit really returns.
import { AUDIT_FORMAT, AUDIT_RESULT_SCHEMA, AUDIT_VERSION, type AuditResult } from '../../../harness/audit/result.ts'
import type { ClientName, MappingClass } from '../../../harness/contract/mapping.ts'

type Cell = AuditResult['matrix']['cells'][number]

export function auditView(): AuditResult {
  const cell = (
    c: string,
    client: ClientName,
    grade: Cell['grade'],
    cls: MappingClass | null,
    consequence: string | null,
  ): Cell => ({
    case: c,
    client,
    observed: `${client} saw ${c} <x>`,
    class: cls,
    problem: grade === 'faulty' ? { kind: 'threw', detail: 'boom | <b>' } : null,
    truth: 'applied',
    knowable: ['applied'],
    sameAs: [],
    grade,
    consequence,
    why: `why ${c}`,
  })
  return AUDIT_RESULT_SCHEMA.parse({
    format: AUDIT_FORMAT,
    version: AUDIT_VERSION,
    mapping: 'examples/mappings/reset-as-not-sent.ts',
    verdict: 'fail',
    clients: ['fetch', 'http'],
    skippedClients: [],
    counts: { cells: 4, right: 1, costly: 1, dangerous: 1, faulty: 1 },
    matrix: {
      rows: [
        {
          id: 'reset-after-effect',
          kind: 'reset-after-effect',
          label: 'reset after the effect <i>',
          observation: 'reset',
        },
        { id: 'error-response.503', kind: 'error-response', label: '503', observation: 'status-503' },
      ],
      cells: [
        cell('reset-after-effect', 'http', 'right', 'ambiguous', null),
        cell('error-response.503', 'fetch', 'costly', 'ambiguous', null),
        cell('reset-after-effect', 'fetch', 'dangerous', 'not-sent', 'duplicate-effect'),
        cell('error-response.503', 'http', 'faulty', null, null),
      ],
    },
    consequences: {
      executor: 'reference+mapping',
      profile: 'vendor',
      seed: 1,
      runs: 10,
      skipped: null,
      failingRuns: 2,
      violations: { 'duplicate-effect': 2 },
      unattributedRuns: 0,
      cells: [],
    },
    sources: {
      sources: [{ id: 'undici', name: 'undici', version: '7', where: 'lib' }],
      rows: [
        {
          observation: 'reset',
          cases: ['reset-after-effect'],
          mapping: [{ class: 'not-sent', clients: ['fetch'] }],
          published: [{ source: 'undici', class: 'ambiguous', says: 'retries <idempotent> only', departs: true }],
          sourcesDisagree: false,
        },
      ],
    },
  } satisfies AuditResult)
}
