import { describe, expect, it } from 'vitest'
import { AUDIT_CASES } from '../../../harness/audit/cases.ts'
import { compareSources } from '../../../harness/audit/compare-sources.ts'
import type { MatrixCell } from '../../../harness/audit/grade-cells.ts'
import { PUBLISHED, SOURCES } from '../../../harness/audit/sources.ts'
import type { MappingClass } from '../../../harness/contract/mapping.ts'

const cell = (c: string, client: MatrixCell['client'], cls: MappingClass): MatrixCell => ({
  case: c,
  client,
  observed: '',
  class: cls,
  problem: null,
  truth: 'not-applied',
  knowable: ['not-applied'],
  sameAs: [],
  grade: 'right',
  consequence: null,
  why: '',
})

describe('the published sources beside the mapping', () => {
  it('has what every source says about every kind of observation the matrix has, with its version and place', () => {
    for (const kind of new Set(AUDIT_CASES.map((c) => c.observation))) {
      for (const s of SOURCES) expect(PUBLISHED[kind][s.id]?.says, `${kind} × ${s.id}`).toBeTruthy()
    }
    for (const s of SOURCES) expect(s.version.length * s.where.length).toBeGreaterThan(0)
  })

  it('marks where the mapping departs from a source, and where the sources disagree among themselves', () => {
    const rows = compareSources([
      cell('error-response.409', 'fetch', 'rejected'),
      cell('key-in-use.in-flight', 'fetch', 'rejected'),
      cell('error-response.409', 'stripe', 'ambiguous'),
      cell('error-response.400', 'fetch', 'rejected'),
    ])
    const conflict = rows.find((r) => r.observation === 'status-409')!
    expect(conflict.mapping).toEqual([
      { class: 'rejected', clients: ['fetch'] },
      { class: 'ambiguous', clients: ['stripe'] },
    ])
    // Stripe's docs and stripe-node: ambiguous; undici,
    // AWS, AIP-194: rejected; openai-node: not-sent.
    expect(conflict.sourcesDisagree).toBe(true)
    expect(Object.fromEntries(conflict.published.map((p) => [p.source, p.departs]))).toEqual({
      'stripe-docs': true,
      'stripe-node': true,
      undici: true,
      'aws-sdk': true,
      'aip-194': true,
      'openai-node': true,
    })
    const validation = rows.find((r) => r.observation === 'status-400')!
    expect(validation.sourcesDisagree).toBe(false)
    expect(validation.published.every((p) => !p.departs)).toBe(true)
    // Nothing asked of the mapping here: no departure.
    expect(rows.find((r) => r.observation === 'reset')!.published.some((p) => p.departs)).toBe(false)
  })
})
