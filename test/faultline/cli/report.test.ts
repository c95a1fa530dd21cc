// The CI-facing outputs end to end: compare's
// --junit, --markdown, --html, step summary and
// annotations; `faultline report` redraws the same
// bytes from the saved JSON; --fail-on-violation;
// run's outputs; audit-mapping; bad files.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_CASES, appliesTo } from '../../../harness/audit/cases.ts'
import { expectSelfContained } from '../../reports/support/html-check.ts'
import { junitProblems } from '../../reports/support/junit-check.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from './cli.ts'

const read = (cwd: string, f: string) => readFileSync(join(cwd, f), 'utf8')

let cwd: string
let compared: Awaited<ReturnType<typeof cli>>

beforeAll(async () => {
  cwd = scratchDir('cli-report')
  compared = await cli(
    [
      'compare',
      '--executors',
      'reference,naive',
      '--runs',
      '12',
      '--k',
      '1',
      '--workers',
      '1',
      '--no-corpus',
      '--out',
      'c.json',
      '--junit',
      'out/c.xml',
      '--markdown',
      'out/c.md',
      '--html',
      'out/c.html',
    ],
    cwd,
    { GITHUB_STEP_SUMMARY: join(cwd, 'summary.md'), GITHUB_ACTIONS: 'true' },
  )
}, 120_000)

describe('compare with the CI outputs', () => {
  it('writes JUnit, Markdown and HTML, appends the Markdown to the step summary, and annotates after the report', () => {
    expect(compared.code).toBe(0) // a comparison is a report, without --fail-on-violation
    expect(junitProblems(read(cwd, 'out/c.xml'))).toEqual([])
    expect(read(cwd, 'out/c.md').startsWith('## ❌ faultline compare')).toBe(true)
    expect(read(cwd, 'out/c.html')).toMatch(/^<!doctype html>/)
    expect(read(cwd, 'summary.md')).toBe(read(cwd, 'out/c.md'))
    const annotations = compared.outLines.filter((l) => l.startsWith('::error '))
    expect(annotations.length).toBeGreaterThan(0)
    expect(annotations.length).toBeLessThanOrEqual(10)
    expect(compared.outLines.indexOf(annotations[0]!)).toBeGreaterThan(0) // after the leaderboard
  })

  it('`faultline report` draws the same bytes from the saved JSON alone, and prints the text without options', async () => {
    const r = await cli(['report', 'c.json', '--junit', 'r.xml', '--markdown', 'r.md', '--html', 'r.html'], cwd, {
      GITHUB_STEP_SUMMARY: join(cwd, 'summary.md'),
      GITHUB_ACTIONS: 'true',
    })
    expect(r.code).toBe(0)
    expect(r.out).toBe('') // no annotations: report only renders
    for (const [a, b] of [
      ['r.xml', 'out/c.xml'],
      ['r.md', 'out/c.md'],
      ['r.html', 'out/c.html'],
    ])
      expect(read(cwd, a!), a).toBe(read(cwd, b!))
    expect(read(cwd, 'summary.md')).toBe(read(cwd, 'out/c.md')) // nothing appended again
    const text = await cli(['report', 'c.json'], cwd)
    expect(text.out).toBe(compared.outLines.filter((l) => !l.startsWith('::error ')).join('\n'))
  })

  it('refuses what is not a result, and a report of another format version, in one line (exit 2)', async () => {
    writeFileSync(join(cwd, 'bad.json'), '{ nope')
    expect(await cli(['report', 'bad.json'], cwd)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^faultline: bad\.json is not valid JSON/),
    })
    const old = JSON.parse(read(cwd, 'c.json'))
    writeFileSync(join(cwd, 'v1.json'), JSON.stringify({ ...old, version: 1 }))
    const v1 = await cli(['report', 'v1.json', '--junit', 'v1.xml'], cwd)
    expect(v1).toMatchObject({
      code: 2,
      err: 'faultline: v1.json is a report of format version 1; this faultline reads version 4 (run the campaign again with this faultline)',
    })
    expect(existsSync(join(cwd, 'v1.xml'))).toBe(false)
    expect(await cli(['report'], cwd)).toMatchObject({ code: 2 })
    expect(await cli(['report', 'c.json', '--junit', ''], cwd)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--junit needs a file name'),
    })
  })
})

describe('compare --fail-on-violation', () => {
  it('exits 1 when an executor had a violation, 0 when none did; with --json the annotations go to stderr and a full step summary is left alone', async () => {
    writeFileSync(join(cwd, 'full.md'), 'x'.repeat(1024 * 1024 - 2000))
    const naive = await cli(
      [
        'compare',
        '--executors',
        'naive',
        '--runs',
        '4',
        '--k',
        '1',
        '--workers',
        '1',
        '--no-corpus',
        '--fail-on-violation',
        '--json',
      ],
      cwd,
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(cwd, 'full.md') },
    )
    expect(naive.code).toBe(1)
    expect(JSON.parse(naive.out).command).toBe('compare')
    expect(naive.err).toMatch(/^::error title=/m)
    expect(naive.err).toContain('$GITHUB_STEP_SUMMARY already holds')
    expect(readFileSync(join(cwd, 'full.md')).length).toBe(1024 * 1024 - 2000)
    const reference = await cli(
      [
        'compare',
        '--executors',
        'reference',
        '--runs',
        '4',
        '--k',
        '1',
        '--workers',
        '1',
        '--no-corpus',
        '--fail-on-violation',
      ],
      cwd,
      { GITHUB_ACTIONS: 'true' },
    )
    expect(reference.code).toBe(0)
    expect(reference.out).not.toContain('::error')
  }, 120_000)
})

describe('run and audit-mapping outputs', () => {
  it('run writes JUnit and an HTML timeline of the one run', async () => {
    const scenario = join(ROOT, 'scenarios', 'named', 'dropped-connection-after-server-acted.json')
    const r = await cli(
      ['run', scenario, '--executor', 'naive', '--junit', 'run.xml', '--html', 'run.html', '--markdown', 'run.md'],
      cwd,
      { GITHUB_STEP_SUMMARY: join(cwd, 'run-summary.md') },
    )
    expect(r.code).toBe(1)
    expect(junitProblems(read(cwd, 'run.xml'))).toEqual([])
    expect(read(cwd, 'run.xml')).toMatch(/<failure type="[a-z-]+"/)
    expect(read(cwd, 'run.html')).toContain('data-verdict="FAIL"')
    expect(read(cwd, 'run.md')).toMatch(/^## ❌ faultline run/)
    expect(existsSync(join(cwd, 'run-summary.md'))).toBe(false) // one run is not a job summary
  }, 60_000)

  it('audit-mapping writes JUnit, Markdown and HTML, and `report` draws the same bytes again from its --json', async () => {
    // A dangerous cell reached: where its counterexample
    // was saved (and the replay command) is in the
    // --json, so renderings from it carry it too.
    const mapping = join(ROOT, 'examples', 'mappings', 'five-xx-as-rejected.ts')
    const a = await cli(
      [
        'audit-mapping',
        '--mapping',
        mapping,
        '--clients',
        'fetch',
        '--runs',
        '200',
        '--workers',
        '1',
        '--json',
        '--junit',
        'a.xml',
        '--markdown',
        'a.md',
        '--html',
        'out/a.html',
      ],
      cwd,
      { GITHUB_ACTIONS: 'true' },
    )
    expect(a.code).toBe(1)
    writeFileSync(join(cwd, 'a.json'), a.out)
    const saved = 'reports/out/audit-five-xx-as-rejected-gateway-timeout_finishes.json'
    const reached = JSON.parse(a.out).consequences.cells.find((c: { status: string }) => c.status === 'reached')
    expect(reached.counterexample).toMatchObject({
      file: saved,
      replay: expect.stringMatching(new RegExp(`run ${saved} --mapping .*five-xx-as-rejected\\.ts$`)),
    })
    expect(junitProblems(read(cwd, 'a.xml'))).toEqual([])
    expect(read(cwd, 'a.md')).toContain('### Dangerous cells first')
    const html = read(cwd, 'out/a.html')
    expect(html).toContain(`<code class="scenario-file">${saved}</code>`)
    expectSelfContained(html)
    const result = JSON.parse(a.out) as { matrix: { cells: { case: string; client: string; grade: string }[] } }
    expect(result.matrix.cells).toHaveLength(AUDIT_CASES.filter((row) => appliesTo(row, 'fetch')).length)
    for (const c of result.matrix.cells)
      expect(html, `${c.case} × ${c.client}`).toContain(
        `data-case="${c.case}" data-client="${c.client}" data-grade="${c.grade}"`,
      )
    expect(html.indexOf('data-grade="dangerous"')).toBeLessThan(html.indexOf('id="matrix"'))
    expect(a.err).toMatch(/^::error title=false-failure::/m)
    const r = await cli(['report', 'a.json', '--junit', 'a2.xml', '--markdown', 'a2.md', '--html', 'a2.html'], cwd)
    expect(r.code).toBe(0)
    expect(read(cwd, 'a2.xml')).toBe(read(cwd, 'a.xml'))
    expect(read(cwd, 'a2.md')).toBe(read(cwd, 'a.md'))
    expect(read(cwd, 'a2.html')).toBe(read(cwd, 'out/a.html'))
    const text = await cli(['report', 'a.json'], cwd)
    expect(text.out).toContain(`saved to ${saved}; replay: `)
    // A result saved under the older tag renders the same.
    writeFileSync(
      join(cwd, 'old.json'),
      a.out.replace('"format": "faultline-audit"', '"format": "faultline/audit-mapping"'),
    )
    expect(read(cwd, 'old.json')).toContain('faultline/audit-mapping')
    expect((await cli(['report', 'old.json'], cwd)).out).toBe(text.out)
  }, 120_000)
})
