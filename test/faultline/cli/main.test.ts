import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from './cli.ts'

describe('gate', () => {
  it('exits 0 for the reference executor', async () => {
    const r = await cli(['gate', '--executor', 'reference', '--runs', '30', '--seed', '3'])
    expect(r.code).toBe(0)
    expect(r.out).toContain('PASS')
  })

  it('exits 1 for the naive executor, with a JSON verdict summary and a saved, replayable counterexample', async () => {
    const cwd = scratchDir('cli-main')
    const r = await cli(['gate', '--executor', 'naive', '--runs', '100', '--json'], cwd)
    expect(r.code).toBe(1)
    const report = JSON.parse(r.out)
    expect(report.executor).toEqual({ spec: 'naive', name: 'naive' })
    expect(report.passed).toBe(false)
    expect(report.summary.violations['duplicate-effect'] + report.summary.violations['false-failure']).toBeGreaterThan(
      0,
    )
    const c = report.counterexample
    expect(c.scenario.faults.length).toBeLessThanOrEqual(2)
    // Saved in the corpus under judge, executor and
    // content hash; the replay command names that file.
    expect(c.file).toMatch(new RegExp(`^\\.faultline/corpus/${c.judge}--naive--[0-9a-f]{12}\\.json$`))
    expect(c.replay).toBe(`npm run faultline -- run ${c.file} --executor naive`)
    const { about, ...saved } = JSON.parse(readFileSync(join(cwd, c.file), 'utf8'))
    expect(saved).toEqual(c.scenario)
    expect(about).toContain(`run ${c.run}`)
    const replay = await cli(['run', c.file, '--executor', 'naive', '--json'], cwd)
    expect(replay.code).toBe(1)
    expect(JSON.parse(replay.out).verdict.violations.map((v: { judge: string }) => v.judge)).toContain(c.judge)
  })

  it('loads a user executor from a path', async () => {
    const r = await cli([
      'gate',
      '--executor',
      join(ROOT, 'test/fixtures/custom-executor.ts'),
      '--runs',
      '10',
      '--json',
    ])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).executor.name).toBe('my-adapter')
  })
})

describe('run, with a scenario someone mistyped', () => {
  it('exits 2 with one line that names the misspelt key and the key it meant', async () => {
    const cwd = scratchDir('cli-main')
    const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/named/worked-example.json'), 'utf8'))
    scenario.abortOnFaliure = scenario.abortOnFailure ?? true
    delete scenario.abortOnFailure
    writeFileSync(join(cwd, 'typo.json'), JSON.stringify(scenario))
    const r = await cli(['run', 'typo.json', '--executor', 'reference'], cwd)
    expect(r.code).toBe(2)
    expect(r.err.trim()).toMatch(
      /^faultline: typo\.json: unknown key "abortOnFaliure": did you mean "abortOnFailure"\?/,
    )
    expect(r.err.trim().split('\n')).toHaveLength(1)
  })
})

describe('run', () => {
  it('replays a named scenario: the reference passes, the naive executor fails', async () => {
    const scenario = join(ROOT, 'scenarios/named/dropped-connection-after-server-acted.json')
    const ok = await cli(['run', scenario])
    expect(ok.code).toBe(0)
    expect(ok.out).toContain('reset-after-effect (after-effect) on attempt 1')
    const bad = await cli(['run', scenario, '--executor', 'naive'])
    expect(bad.code).toBe(1)
    expect(bad.out).toContain('duplicate-effect')
  })
})

describe('bad usage exits 2 with one line that names the problem and the fix', () => {
  const cases: [string, string[], RegExp][] = [
    ['no command', [], /no command: use gate, compare, run, merge, report, serve or audit-mapping/],
    [
      'unknown command',
      ['frobnicate'],
      /unknown command "frobnicate": use gate, compare, run, merge, report, serve or audit-mapping/,
    ],
    ['gate without an executor', ['gate'], /gate needs --executor/],
    ['unknown option', ['gate', '--executor', 'reference', '--frob'], /Unknown option '--frob'/],
    ['runs not a number', ['gate', '--executor', 'reference', '--runs', 'ten'], /--runs must be a whole number/],
    ['unknown executor name', ['gate', '--executor', 'nope'], /unknown executor "nope": use one of reference, naive/],
    ['missing executor module', ['gate', '--executor', './missing.ts'], /executor module not found/],
    [
      'module that is not an executor',
      ['gate', '--executor', join(ROOT, 'test/fixtures/not-an-executor.ts')],
      /exports no Executor/,
    ],
    [
      'module that fails to load',
      ['gate', '--executor', join(ROOT, 'test/fixtures/broken-module.ts')],
      /cannot load executor module .*fails while loading/,
    ],
    ['run without a file', ['run'], /run needs a scenario file/],
    ['run with a missing file', ['run', 'nope.json'], /cannot read scenario file nope.json/],
  ]
  for (const [what, argv, pattern] of cases) {
    it(what, async () => {
      const r = await cli(argv)
      expect(r.code).toBe(2)
      expect(r.err.split('\n')).toHaveLength(1)
      expect(r.err).toMatch(pattern)
    })
  }

  it('an invalid scenario file names the field', async () => {
    const dir = scratchDir('cli-main')
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({ version: 2, name: 'x', seed: 1, turnBudgetMs: 1000, plan: [], faults: [] }),
    )
    writeFileSync(join(dir, 'notjson.json'), '{ nope')
    const bad = await cli(['run', 'bad.json'], dir)
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/bad.json: plan must be a list of at least 1, got \[\]/)
    const notJson = await cli(['run', 'notjson.json'], dir)
    expect(notJson.code).toBe(2)
    expect(notJson.err).toMatch(/notjson.json is not valid JSON/)
  })

  it('the real entry point sets the exit code and prints one line', () => {
    // tsx by its resolved URL: a bare --import tsx
    // would not resolve from a scratch dir.
    const r = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(ROOT, 'faultline/cli/bin.ts'), 'gate', '--executor', 'nope'],
      { cwd: scratchDir('cli-main'), encoding: 'utf8' },
    )
    expect(r.status).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stdout).toBe('')
  })

  // Node's own exit was 1: a harness bug read
  // as the executor's finding (one CI run).
  it('the real entry point exits 3 on a throw nothing caught, saying the harness failed', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        join(ROOT, 'test/fixtures/cli-throws-later.mjs'),
        'gate',
        '--executor',
        'reference',
        '--runs',
        '100000',
        '--workers',
        '1',
      ],
      { cwd: scratchDir('cli-main'), encoding: 'utf8', timeout: 60_000 },
    )
    expect(r.status, r.stderr).toBe(3)
    expect(r.stderr).toMatch(/^faultline: the harness itself failed \(Error: a bug in a callback\); please report it/m)
  }, 60_000)

  it('the real entry point exits only when a slow reader has all of a large report', () => {
    // A reader stalling 2 s after the first byte
    // makes the pipe take ~85 KB async, and a live
    // handle keeps the process up: exit() cut at 64 KB.
    const args = [
      '--import',
      import.meta.resolve('tsx'),
      join(ROOT, 'test/fixtures/cli-kept-alive.mjs'),
      'audit-mapping',
      '--mapping',
      join(ROOT, 'examples/mappings/correct.ts'),
      '--runs',
      '0',
      '--workers',
      '1',
      '--json',
    ]
    const quoted = [process.execPath, ...args].map((a) => `'${a}'`).join(' ')
    const r = spawnSync('sh', ['-c', `${quoted} 2>/dev/null | (head -c 1 && sleep 2 && cat)`], {
      cwd: scratchDir('cli-main'),
      encoding: 'utf8',
      maxBuffer: 16 * 2 ** 20,
    })
    expect(r.stdout.length).toBeGreaterThan(65_536)
    expect(JSON.parse(r.stdout).format).toBe('faultline-audit')
  }, 120_000)
})
