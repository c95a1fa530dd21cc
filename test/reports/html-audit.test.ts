// An audit-mapping result as HTML: one
// self-contained page, dangerous cells first, every
// cell graded, consequences with replay commands,
// the sources; every string escaped. (--html against
// `report --html`: test/faultline/cli/report.test.ts.)
import { describe, expect, it } from 'vitest'
import type { AuditResult } from '../../harness/audit/result.ts'
import { renderAuditHtml } from '../../reports/html/audit.ts'
import { refundScenario } from '../support/scenario.ts'
import { auditView } from './support/audit.ts'
import { assertBalanced, expectSelfContained } from './support/html-check.ts'

const scenario = (step: string) =>
  refundScenario({
    name: '<scenario>',
    faults: [{ kind: 'reset-after-effect', boundary: 'after-effect', step, send: 1 }],
  })

function view(): AuditResult {
  const base = auditView()
  const violations = [{ judge: 'duplicate-effect', call: 'r/s1', message: 'r/s1: two refunds <b>' }]
  const counterexample = (step: string) => ({
    scenario: scenario(step),
    violations,
    shrinks: 2,
    fastCheck: { seed: 1, path: '0:1' },
    reproduced: true,
  })
  return {
    ...base,
    consequences: {
      ...base.consequences,
      cells: [
        {
          case: 'reset-after-effect',
          client: 'fetch',
          consequence: 'duplicate-effect',
          status: 'reached',
          note: 'run 3, shrunk in 2 steps',
          firstRun: 3,
          judge: 'duplicate-effect',
          counterexample: {
            ...counterexample('s1'),
            file: 'reports/out/audit-x-reset.json',
            replay: 'npm run faultline -- run reports/out/audit-x-reset.json --mapping x.ts',
          },
        },
        {
          case: 'error-response.503',
          client: 'fetch',
          consequence: 'false-failure',
          status: 'reached',
          note: 'run 5',
          firstRun: 5,
          judge: 'duplicate-effect',
          counterexample: counterexample('s2'),
        },
        {
          case: 'reset-after-effect',
          client: 'http',
          consequence: 'duplicate-effect',
          status: 'not-fetch',
          note: 'the reference calls through fetch',
          firstRun: null,
          judge: null,
          counterexample: null,
        },
      ],
    },
  }
}

describe('renderAuditHtml', () => {
  const r = view()
  const html = renderAuditHtml(r)
  const main = html.slice(html.indexOf('<main>'), html.indexOf('</main>') + '</main>'.length)

  it('is one page that references nothing outside itself, with balanced markup', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expectSelfContained(html)
    assertBalanced(main)
    // Every link within the page lands on something.
    for (const m of html.matchAll(/href="#([^"]+)"/g)) expect(html, m[1]).toContain(`id="${m[1]}"`)
  })

  it('puts the verdict first, then where the mapping failed, the dangerous cells, the matrix, the consequences and the sources', () => {
    expect(html).toContain(
      'data-verdict="FAIL"><span class="badge">FAIL</span>1 dangerous cell(s), 1 cell(s) where the mapping failed</p>',
    )
    const order = [
      'class="verdict fail"',
      'id="failed"',
      'id="dangerous"',
      'id="matrix"',
      'id="consequences"',
      'id="sources"',
    ].map((s) => html.indexOf(s))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('lists where the mapping failed, then the dangerous cells, each with what the client showed, the class, the truth, the consequence and the replay', () => {
    const failed = html.slice(html.indexOf('id="failed"'), html.indexOf('id="dangerous"'))
    expect(failed).toContain('<h2>The mapping failed on 1 of 4 cells</h2>')
    expect(failed).toContain(
      '<li class="g-faulty" data-problem="threw" data-cells="error-response.503 http"><b>it threw boom | &lt;b&gt;</b> — error-response.503 × http',
    )
    const list = html.slice(html.indexOf('id="dangerous"'), html.indexOf('id="matrix"'))
    const items = [...list.matchAll(/<li class="g-(\w+)" data-case="([^"]+)" data-client="([^"]+)"/g)].map(
      (m) => `${m[1]} ${m[2]} ${m[3]}`,
    )
    expect(items).toEqual(['dangerous reset-after-effect fetch'])
    expect(list).toContain('<dt>the client showed</dt><dd>fetch saw reset-after-effect &lt;x&gt;</dd>')
    expect(list).toContain('<dt>the mapping said</dt><dd><code>not-sent</code></dd>')
    expect(list).toContain('<dt>the ledger says</dt><dd>applied</dd>')
    expect(list).toContain('<dt>consequence</dt><dd><b>duplicate effect</b></dd>')
    expect(list).toContain('npm run faultline -- run reports/out/audit-x-reset.json --mapping x.ts')
  })

  it("draws every cell of the matrix, graded, with the class, the consequence, what the client raised and the ledger's truth", () => {
    const matrix = html.slice(html.indexOf('id="matrix"'), html.indexOf('id="consequences"'))
    for (const c of r.matrix.cells) {
      const td = new RegExp(
        `<td class="g-${c.grade}" data-case="${c.case.replace('.', '\\.')}" data-client="${c.client}" data-grade="${c.grade}" data-class="${c.class ?? ''}" data-truth="applied"[^>]*>(.*?)</td>`,
      ).exec(matrix)
      expect(td, `${c.case} × ${c.client}`).not.toBeNull()
      expect(td![1]).toContain(`${c.client} saw ${c.case} &lt;x&gt;`)
      expect(td![1]).toContain('ledger: applied')
    }
    expect(matrix.match(/<td class="g-/g)).toHaveLength(r.matrix.rows.length * r.clients.length)
    expect(matrix).toContain(
      '<span class="class">not-sent</span><span class="grade">dangerous</span><span class="consequence">duplicate effect</span>',
    )
    expect(matrix).toContain('<small>reset after the effect &lt;i&gt;</small>')
    expect(matrix).toContain('Costly cells (1, safe but wasteful)')
  })

  it('gives each counterexample the campaign reached, with where it was saved and its replay, or how to replay it when it was not saved', () => {
    const cons = html.slice(html.indexOf('id="consequences"'), html.indexOf('id="sources"'))
    expect(cons).toContain('10 generated runs, seed 1, profile vendor — <b>2 failing</b> (duplicate-effect 2)')
    expect(cons.match(/<tr data-case/g)).toHaveLength(3)
    expect(cons).toContain('data-status="not-fetch"')
    const saved = cons.slice(cons.indexOf('id="consequence-reset-after-effect"'))
    expect(saved).toContain('Saved to <code class="scenario-file">reports/out/audit-x-reset.json</code>')
    expect(saved).toContain(
      '<pre class="replay"><code>npm run faultline -- run reports/out/audit-x-reset.json --mapping x.ts</code></pre>',
    )
    expect(saved).toContain('r/s1: two refunds &lt;b&gt;')
    expect(saved).toMatch(
      /<details class="scenario"><summary>Scenario \(JSON\)<\/summary><pre><code>\{\n {2}&quot;version&quot;: 2,/,
    )
    expect(saved).toContain('&quot;name&quot;: &quot;&lt;scenario&gt;&quot;')
    const unsaved = cons.slice(cons.indexOf('id="consequence-error-response_503"'))
    expect(unsaved).toContain(
      'Not saved: save the scenario below as a file, and replay it with</p><pre class="replay"><code>faultline run &lt;file&gt; --mapping examples/mappings/reset-as-not-sent.ts</code>',
    )
  })

  it("sets the published sources beside the mapping, marking where it departs, the source's own words in the tooltip", () => {
    const sources = html.slice(html.indexOf('id="sources"'))
    expect(sources).toContain(
      '<td class="departs" data-source="undici" data-departs="true" title="retries &lt;idempotent&gt; only">ambiguous ✗</td>',
    )
    expect(sources).toContain('<b>undici</b>: 7 — lib')
  })

  it('says so when nothing is dangerous, and when the campaign was skipped', () => {
    const base = auditView()
    const pass = renderAuditHtml({
      ...base,
      verdict: 'pass',
      counts: { ...base.counts, dangerous: 0, faulty: 0 },
      matrix: { ...base.matrix, cells: base.matrix.cells.filter((c) => c.grade === 'right' || c.grade === 'costly') },
      consequences: { ...base.consequences, skipped: '--runs 0' },
    })
    expect(pass).toContain('<span class="badge">PASS</span>no dangerous cell (1 right, 1 costly)')
    expect(pass).toContain('data-dangerous="none"')
    expect(pass).toContain('Skipped: --runs 0')
    expect(pass.match(/<td class="none"/g)).toHaveLength(2)
  })
})
