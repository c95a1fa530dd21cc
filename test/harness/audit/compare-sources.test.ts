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

describe('the sources for the observations of issue 24', () => {
  it('has every kind of observation read, none left pending', () => {
    for (const [kind, bySource] of Object.entries(PUBLISHED)) {
      expect(Object.keys(bySource).sort(), kind).toEqual(SOURCES.map((s) => s.id).sort())
      for (const p of Object.values(bySource)) expect(p.says, kind).not.toMatch(/not read yet/)
    }
  })

  it("says nothing of a caller's cancel: no source departs from any class", () => {
    const rows = compareSources([cell('caller-cancel.in-flight', 'fetch', 'not-sent')])
    const cancel = rows.find((r) => r.observation === 'caller-cancel')
    // Absent until the row is in AUDIT_CASES.
    if (cancel) {
      expect(cancel.published.some((p) => p.departs)).toBe(false)
      expect(cancel.sourcesDisagree).toBe(false)
    }
    expect(Object.values(PUBLISHED['caller-cancel']).every((p) => p.class === null)).toBe(true)
  })

  it('splits on undici timeouts and on a 502 the way the libraries retry', () => {
    const classes = (kind: keyof typeof PUBLISHED) =>
      Object.fromEntries(Object.entries(PUBLISHED[kind]).map(([s, p]) => [s, p.class]))
    // openai-node names UND_ERR_HEADERS_TIMEOUT
    // and retries it; undici never does.
    expect(classes('headers-timeout')).toMatchObject({
      undici: null,
      'openai-node': 'not-sent',
      'aip-194': 'ambiguous',
    })
    expect(classes('status-502')).toEqual({
      'stripe-docs': null,
      'stripe-node': 'ambiguous',
      undici: 'ambiguous',
      'aws-sdk': 'not-sent',
      'aip-194': 'ambiguous',
      'openai-node': 'not-sent',
    })
  })
})
