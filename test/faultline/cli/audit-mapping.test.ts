// `faultline audit-mapping` from the command line:
// its three parts in order, --json as the versioned
// result, counterexamples saved and replayable with
// `run --mapping`, and exit codes 0, 1 and 2.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_RESULT_SCHEMA } from '../../../harness/audit/result.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from './cli.ts'

const example = (name: string) => join(ROOT, 'examples', 'mappings', `${name}.ts`)

describe('faultline audit-mapping', () => {
  it('exits 0 for a correct mapping, printing the matrix, the consequences and the sources in that order', async () => {
    const r = await cli([
      'audit-mapping',
      '--mapping',
      example('correct'),
      '--clients',
      'fetch,http',
      '--runs',
      '20',
      '--workers',
      '2',
    ])
    expect(r.code).toBe(0)
    const parts = ['1. THE MATRIX', '2. THE CONSEQUENCES', '3. THE PUBLISHED SOURCES', 'PASS — no dangerous cell'].map(
      (p) => r.out.indexOf(p),
    )
    expect(parts.every((at) => at >= 0)).toBe(true)
    expect([...parts].sort((a, b) => a - b)).toEqual(parts)
    expect(r.out).toMatch(/reset-after-effect +applied +ambiguous · +ambiguous ·/)
  }, 180_000)

  it('exits 1 for a dangerous mapping; --json is the versioned result; each counterexample is saved and replays with run --mapping', async () => {
    const cwd = scratchDir('cli-audit')
    const r = await cli(
      [
        'audit-mapping',
        '--mapping',
        example('five-xx-as-rejected'),
        '--clients',
        'fetch,resend',
        '--runs',
        '200', // gateway-timeout.finishes: run 188
        '--json',
        '--workers',
        '2',
      ],
      cwd,
    )
    expect(r.code).toBe(1)
    const result = AUDIT_RESULT_SCHEMA.parse(JSON.parse(r.out))
    expect(result).toMatchObject({
      format: 'faultline-audit',
      version: 1,
      verdict: 'fail',
      clients: ['fetch', 'resend'],
    })
    expect(
      result.matrix.cells.find((c) => c.case === 'gateway-timeout.finishes' && c.client === 'resend'),
    ).toMatchObject({ class: 'rejected', grade: 'dangerous', consequence: 'false-failure' })
    const reached = result.consequences.cells.find(
      (c) => c.case === 'gateway-timeout.finishes' && c.client === 'fetch',
    )!
    expect(reached).toMatchObject({ status: 'reached', judge: 'false-failure' })
    expect(
      result.consequences.cells.find((c) => c.case === 'gateway-timeout.dies' && c.client === 'fetch'),
    ).toMatchObject({ status: 'lookalike' })
    expect(result.consequences.cells.find((c) => c.client === 'resend')).toMatchObject({ status: 'not-fetch' })

    const saved = join(cwd, 'reports', 'out', 'audit-five-xx-as-rejected-gateway-timeout_finishes.json')
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(reached.counterexample!.scenario)
    const replay = await cli(['run', saved, '--mapping', example('five-xx-as-rejected'), '--json'], cwd)
    expect(replay.code).toBe(1)
    expect(JSON.parse(replay.out).verdict.violations.map((v: { judge: string }) => v.judge)).toContain('false-failure')
    const fixed = await cli(['run', saved, '--mapping', example('correct')], cwd)
    expect(fixed.code).toBe(0)
  }, 180_000)

  it('exits 1, not 3, for a mapping that throws: the cells where it threw are reported, the audit goes on', async () => {
    const r = await cli([
      'audit-mapping',
      '--mapping',
      join(ROOT, 'test/fixtures/mappings/throws.ts'),
      '--clients',
      'http',
      '--runs',
      '10',
      '--workers',
      '2',
    ])
    expect(r.code).toBe(1)
    // Where it threw the same way: one line.
    expect(r.out).toMatch(
      /the mapping failed on \d+ of \d+ cells:\n {2}! it threw TypeError: Cannot read properties of undefined \(reading 'code'\) — /,
    )
    expect(r.out.split('it threw').length - 1).toBe(1)
    expect(r.out).toContain('3. THE PUBLISHED SOURCES')
    expect(r.out).toContain('cell(s) where the mapping failed')
  }, 180_000)

  it('prints its own help', async () => {
    const r = await cli(['audit-mapping', '--help'])
    expect(r.code).toBe(0)
    expect(r.out).toContain('--mapping <module>')
  })

  const bad: [string, string[], RegExp][] = [
    ['no --mapping', ['audit-mapping'], /needs --mapping/],
    [
      'a module that is not there',
      ['audit-mapping', '--mapping', 'nope.ts'],
      /mapping module not found: .*nope\.ts \(check the path\)/,
    ],
    [
      'a module that fails to load',
      ['audit-mapping', '--mapping', join(ROOT, 'test/fixtures/broken-module.ts'), '--clients', 'fetch'],
      /cannot load mapping module .*broken-module\.ts/,
    ],
    [
      'a module with no mapping',
      ['audit-mapping', '--mapping', join(ROOT, 'test/fixtures/mappings/no-default.cjs'), '--clients', 'fetch'],
      /exports no mapping: it exports version \(a number\); export default a function/,
    ],
    [
      'an unknown client',
      ['audit-mapping', '--mapping', example('correct'), '--clients', 'fetch,curl'],
      /--clients: unknown client "curl"/,
    ],
    [
      'a mapping for another executor',
      [
        'run',
        join(ROOT, 'scenarios/named/worked-example.json'),
        '--mapping',
        example('correct'),
        '--executor',
        'naive',
      ],
      /--mapping plugs a mapping into the reference executor/,
    ],
  ]
  it.each(bad)(
    'exits 2 on %s, with one line that names the fix',
    async (_what, argv, message) => {
      const r = await cli(argv)
      expect(r.code).toBe(2)
      expect(r.err.split('\n').at(-1)).toMatch(message)
    },
    60_000,
  )
})
