// A mapping that fails on every cell (answers a
// Promise, throws everywhere) is summarised once,
// under a heading that says "failed", in all five
// renderers; one that fails on one cell lists it
// once; the sources show where it failed. Results
// built by hand (the audit's own schema), so no
// count here depends on the live matrix.
import { describe, expect, it } from 'vitest'
import { AUDIT_FORMAT, AUDIT_RESULT_SCHEMA, AUDIT_VERSION, type AuditResult } from '../../harness/audit/result.ts'
import type { ClientName } from '../../harness/contract/mapping.ts'
import { auditAnnotations, workflowCommands } from '../../reports/annotations.ts'
import { renderAuditJunit } from '../../reports/audit-junit.ts'
import { renderAuditMapping } from '../../reports/audit-mapping.ts'
import { renderAuditMarkdown } from '../../reports/audit-markdown.ts'
import { renderAuditHtml } from '../../reports/html/audit.ts'
import { cellsWhere, faultyGroups } from '../../reports/kit/faulty-cells.ts'
import { junitCases, junitProblems } from './support/junit-check.ts'

type Cell = AuditResult['matrix']['cells'][number]

const ROWS = ['connection-refused', 'reset-after-effect', 'error-response.503', 'error-response.400', 'dropped']
const CLIENTS: ClientName[] = ['fetch', 'http', 'axios']
const PROMISE = 'it answered a Promise (a mapping is synchronous)'

/** Every cell failed, or answered as `answer` says. */
function audit(answer: (row: string, client: ClientName) => Partial<Cell> | null): AuditResult {
  const cells = ROWS.flatMap((row) =>
    CLIENTS.map((client): Cell => {
      const base: Cell = {
        case: row,
        client,
        observed: `${client} saw ${row}`,
        class: 'ambiguous',
        problem: null,
        truth: 'not-applied',
        knowable: ['not-applied'],
        sameAs: [],
        grade: 'right',
        consequence: null,
        why: 'fine',
      }
      return { ...base, ...answer(row, client) }
    }),
  )
  const count = (g: Cell['grade']) => cells.filter((c) => c.grade === g).length
  return AUDIT_RESULT_SCHEMA.parse({
    format: AUDIT_FORMAT,
    version: AUDIT_VERSION,
    mapping: 'm/under-test.ts',
    verdict: count('dangerous') + count('faulty') > 0 ? 'fail' : 'pass',
    clients: CLIENTS,
    skippedClients: [],
    counts: {
      cells: cells.length,
      right: count('right'),
      costly: count('costly'),
      dangerous: count('dangerous'),
      faulty: count('faulty'),
    },
    matrix: {
      rows: ROWS.map((id) => ({ id, kind: id.split('.')[0]!, label: id, observation: 'reset' })),
      cells,
    },
    consequences: {
      executor: 'reference+under-test',
      profile: 'vendor',
      seed: 1,
      runs: 0,
      skipped: 'no campaign asked for (--runs 0)',
      failingRuns: 0,
      violations: {},
      unattributedRuns: 0,
      cells: [],
    },
    sources: {
      sources: [{ id: 'undici', name: 'undici', version: '6', where: 'lib' }],
      rows: [
        {
          observation: 'refused',
          cases: ['connection-refused'],
          mapping: [{ class: 'not-sent', clients: ['fetch', 'axios'] }],
          published: [{ source: 'undici', class: 'ambiguous', says: 'no retry', departs: true }],
          sourcesDisagree: false,
        },
      ],
    },
  } satisfies AuditResult)
}

const failed = (kind: NonNullable<Cell['problem']>['kind'], detail: string, why: string): Partial<Cell> => ({
  class: null,
  problem: { kind, detail },
  grade: 'faulty',
  why,
  observed: kind === 'not-run' ? '(not run)' : 'it showed something',
})

const asyncMapping = audit(() => failed('not-a-class', PROMISE, `the mapping answered no class: ${PROMISE}`))
const throwsEverywhere = audit(() =>
  failed('threw', 'Error: not written yet', 'the mapping threw: Error: not written yet'),
)
const throwsOnce = audit((row, client) =>
  row === 'connection-refused' && client === 'http'
    ? { ...failed('threw', 'TypeError: no rule', 'the mapping threw: TypeError: no rule'), observed: 'ECONNREFUSED' }
    : row === 'reset-after-effect' && client === 'fetch'
      ? {
          class: 'not-sent',
          truth: 'applied',
          knowable: ['applied'],
          grade: 'dangerous',
          consequence: 'duplicate-effect',
          why: 'sent again',
        }
      : null,
)

const count = (text: string, part: string) => text.split(part).length - 1

describe('a mapping that fails on every cell', () => {
  for (const [name, r, what] of [
    ['answers a Promise', asyncMapping, PROMISE],
    ['throws everywhere', throwsEverywhere, 'it threw Error: not written yet'],
  ] as const) {
    describe(name, () => {
      it('is one line in the text, under "failed", with no matrix of "!" and no sources table: a few lines in all', () => {
        const text = renderAuditMapping(r)
        expect(text).toContain(`the mapping failed on 15 of 15 cells:\n  ! ${what} — every row × every client\n`)
        expect(count(text, what)).toBe(1)
        expect(text).not.toContain('dangerous cells first')
        expect(text).not.toContain('fault (row)')
        expect(text).not.toContain('observation  ')
        expect(text.split('\n').length).toBeLessThan(20)
        // No clause said twice.
        expect(text).not.toMatch(/\bit answered\b.*\bit answered\b/)
        expect(text).not.toMatch(/^ +!.*\bthe mapping\b.*\bthe mapping\b/m)
      })

      it('is one item in the Markdown, under its own heading', () => {
        const md = renderAuditMarkdown(r)
        expect(md).toContain(`### The mapping failed on 15 of 15 cells\n\n- **!** `)
        expect(count(md, '- **!**')).toBe(1)
        expect(md).toContain('every row × every client')
        expect(md).not.toContain('Dangerous cells first')
        expect(md).toContain('No class to show: the mapping failed on every cell.')
      })

      it('is one item in the HTML, and the dangerous section does not claim the mapping was right', () => {
        const html = renderAuditHtml(r)
        const section = html.slice(html.indexOf('<section id="failed">'), html.indexOf('<section id="dangerous">'))
        expect(section).toContain('<h2>The mapping failed on 15 of 15 cells</h2>')
        expect(section.match(/<li /g)).toHaveLength(1)
        expect(html).toContain('<a href="#failed">The mapping failed (15)</a>')
        expect(html).toContain('No dangerous cell among those the mapping answered')
        expect(html).not.toContain('<table class="matrix">')
        expect(html).toContain('data-matrix="failed"')
      })

      it('is one GitHub annotation, and one JUnit error', () => {
        const lines = workflowCommands(auditAnnotations(r))
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(
          /^::error title=mapping-failed::m\/under-test.ts: the mapping failed on 15 of 15 cells: /,
        )
        expect(lines[0]).toContain('every row × every client')
        const xml = renderAuditJunit(r)
        expect(junitProblems(xml)).toEqual([])
        const cases = junitCases(xml)
        expect(cases).toHaveLength(1)
        expect(cases[0]!.outcome!.kind).toBe('error')
        expect(cases[0]!.name).toBe('every row × every client')
      })
    })
  }
})

describe('a mapping that fails on one cell', () => {
  it('lists that cell once, with what the client showed, and the dangerous cell apart from it', () => {
    const text = renderAuditMapping(throwsOnce)
    expect(text).toContain(
      'the mapping failed on 1 of 15 cells:\n  ! it threw TypeError: no rule — connection-refused × http\n      the client showed: ECONNREFUSED\n',
    )
    expect(count(text, 'TypeError: no rule')).toBe(1)
    expect(text).toContain('dangerous cells first (1):\n  D reset-after-effect × fetch: not-sent → duplicate effect')
    // The matrix still shows every cell.
    expect(text).toMatch(/connection-refused +not applied +ambiguous · +threw ! +ambiguous ·/)
    const junit = junitCases(renderAuditJunit(throwsOnce))
    expect(junit).toHaveLength(15)
    expect(junit.slice(0, 2).map((c) => `${c.name} ${c.outcome?.kind}`)).toEqual([
      'connection-refused × http error',
      'reset-after-effect × fetch failure',
    ])
    expect(junit[0]!.classname).toBe('faultline.audit-mapping.http')
  })

  it("shows in the sources' mapping column where it failed, beside its classes", () => {
    expect(renderAuditMapping(throwsOnce)).toMatch(/refused +not-sent \(fetch,axios\) \/ failed \(http\) +ambiguous\*/)
    expect(renderAuditMarkdown(throwsOnce)).toContain('| `refused` | not-sent (fetch, axios) / failed (http) |')
    expect(renderAuditHtml(throwsOnce)).toContain('<td><code>not-sent (fetch, axios) / failed (http)</code></td>')
    // Everywhere: "failed" alone.
    const row = { ...asyncMapping.sources.rows[0]!, mapping: [] }
    const none = { ...asyncMapping, sources: { ...asyncMapping.sources, rows: [row] } }
    expect(renderAuditMarkdown(none)).toContain('| `refused` | failed |')
  })
})

describe('the ways a mapping failed, grouped', () => {
  it('groups by problem and detail, in matrix order, and names the rest "every cell but …"', () => {
    const hung = audit((row, client) =>
      row === 'connection-refused' && client !== 'axios'
        ? failed('hung', 'no answer within 10 s', 'the mapping blocked its thread: no answer within 10 s')
        : failed('not-run', 'the mapping blocked or ended its worker on 2 cells already', 'not asked'),
    )
    const groups = faultyGroups(hung)
    expect(groups.map((g) => [g.what, g.cells.length, g.where])).toEqual([
      ['it blocked its thread: no answer within 10 s', 2, 'connection-refused × fetch, http'],
      [
        'not asked: the mapping blocked or ended its worker on 2 cells already',
        13,
        'every cell but connection-refused × fetch, http',
      ],
    ])
    const text = renderAuditMapping(hung)
    expect(text).not.toContain('(not run)')
  })

  it('names whole clients and whole rows once, and says "every client" only where there are more than one', () => {
    const r = throwsEverywhere
    const cells = r.matrix.cells
    expect(
      cellsWhere(
        cells.filter((c) => c.client === 'http'),
        r,
      ),
    ).toBe('every row × http')
    expect(
      cellsWhere(
        cells.filter((c) => c.case === 'dropped'),
        r,
      ),
    ).toBe('dropped × every client')
    expect(
      cellsWhere(
        cells.filter((c) => c.case === 'dropped' || (c.case === 'connection-refused' && c.client !== 'fetch')),
        r,
      ),
    ).toBe('connection-refused × http, axios; dropped × every client')
    const one = {
      ...r,
      clients: ['fetch'] as ClientName[],
      matrix: { ...r.matrix, cells: cells.filter((c) => c.client === 'fetch') },
    }
    expect(cellsWhere(one.matrix.cells, one)).toBe('every row × fetch')
    expect(
      cellsWhere(
        one.matrix.cells.filter((c) => c.case === 'dropped'),
        one,
      ),
    ).toBe('dropped × fetch')
  })
})
