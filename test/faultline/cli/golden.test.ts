// The CLI prints, byte for byte, what it printed
// before it became a shell over the library
// (golden/*.out: stdout and exit code at f0d2f0c).
// Regenerate only for a deliberate change of output:
//   FAULTLINE_GOLDEN=write npx vitest run test/faultline/cli/golden.test.ts
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../../faultline/cli/main.ts'
import { scratchDir } from '../../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const GOLDEN = join(import.meta.dirname, 'golden')
const WRITE = process.env.FAULTLINE_GOLDEN === 'write'

const SHARDS = [
  [
    'gate',
    '--executor',
    'naive',
    '--runs',
    '30',
    '--seed',
    '4',
    '--no-corpus',
    '--workers',
    '1',
    '--shard',
    '1/2',
    '--out',
    's1.json',
  ],
  [
    'gate',
    '--executor',
    'naive',
    '--runs',
    '30',
    '--seed',
    '4',
    '--no-corpus',
    '--workers',
    '1',
    '--shard',
    '2/2',
    '--out',
    's2.json',
  ],
] as const
const NAIVE_GATE = [
  'gate',
  '--executor',
  'naive',
  '--runs',
  '30',
  '--seed',
  '1',
  '--corpus',
  'corpus',
  '--workers',
  '1',
] as const

/** Name, command, and the commands making its input. */
const CASES: readonly (readonly [string, readonly string[], (readonly (readonly string[])[])?])[] = [
  [
    'gate-pass-text',
    ['gate', '--executor', 'reference', '--runs', '20', '--seed', '3', '--no-corpus', '--workers', '1'],
  ],
  [
    'gate-pass-json',
    ['gate', '--executor', 'reference', '--runs', '20', '--seed', '3', '--no-corpus', '--workers', '1', '--json'],
  ],
  ['gate-fail-text', NAIVE_GATE],
  ['gate-replay-text', NAIVE_GATE, [NAIVE_GATE]],
  [
    'gate-fail-json',
    [
      'gate',
      '--executor',
      'fresh-key-per-attempt',
      '--runs',
      '60',
      '--seed',
      '2',
      '--no-corpus',
      '--workers',
      '2',
      '--json',
    ],
  ],
  [
    'compare-text',
    [
      'compare',
      '--executors',
      'reference,naive,fresh-key-per-attempt',
      '--runs',
      '20',
      '--seed',
      '2',
      '--no-corpus',
      '--workers',
      '1',
    ],
  ],
  [
    'compare-json',
    [
      'compare',
      '--executors',
      'reference,naive',
      '--runs',
      '20',
      '--seed',
      '2',
      '--no-corpus',
      '--workers',
      '1',
      '--json',
    ],
  ],
  ['run-text', ['run', 'crash.json', '--executor', 'naive', '--workers', '1']],
  ['run-json', ['run', 'crash.json', '--executor', 'reference', '--workers', '1', '--json']],
  ['shard-1', SHARDS[0]],
  ['shard-2', SHARDS[1]],
  ['merge-text', ['merge', 's1.json', 's2.json'], SHARDS],
  ['merge-json', ['merge', 's1.json', 's2.json', '--json'], SHARDS],
  ['report-text', ['report', 's1.json'], [SHARDS[0]]],
  [
    'audit-text',
    ['audit-mapping', '--mapping', 'm/reset-as-not-sent.ts', '--runs', '20', '--seed', '1', '--workers', '2'],
  ],
  [
    'audit-json',
    ['audit-mapping', '--mapping', 'm/correct.ts', '--runs', '20', '--seed', '1', '--workers', '2', '--json'],
  ],
  [
    'audit-report',
    ['audit-mapping', '--mapping', 'm/reset-as-not-sent.ts', '--runs', '0', '--seed', '1', '--workers', '2', '--json'],
  ],
  [
    'audit-rerender',
    ['report', 'a.json'],
    [['audit-mapping', '--mapping', 'm/correct.ts', '--runs', '0', '--workers', '2', '--json', '--out-json', 'a.json']],
  ],
  ['usage-error', ['gate', '--executor', 'nope']],
  ['help', ['--help']],
]

async function cli(argv: readonly string[], cwd: string): Promise<string> {
  const out: string[] = []
  const code = await main(argv, { out: (t) => out.push(`${t}\n`), err: () => {}, cwd, env: {} })
  return `${out.join('')}exit ${code}\n`
}

/** A fresh cwd with the inputs the commands name. */
async function workdir(before: readonly (readonly string[])[]): Promise<string> {
  const cwd = scratchDir('golden')
  mkdirSync(join(cwd, 'm'))
  for (const m of ['correct.ts', 'reset-as-not-sent.ts'])
    copyFileSync(join(ROOT, 'examples/mappings', m), join(cwd, 'm', m))
  copyFileSync(join(ROOT, 'scenarios/named/executor-crash-after-send.json'), join(cwd, 'crash.json'))
  for (const argv of before) {
    // An audit's JSON is what --json printed: saved here.
    const json = argv.indexOf('--out-json')
    const got = await cli(json < 0 ? argv : argv.slice(0, json), cwd)
    if (json >= 0) writeFileSync(join(cwd, argv[json + 1]!), got.slice(0, got.lastIndexOf('exit ')))
  }
  return cwd
}

describe('the CLI prints what it printed before', () => {
  for (const [name, argv, before] of CASES) {
    it(`${name}: faultline ${argv.join(' ')}`, async () => {
      const got = await cli(argv, await workdir(before ?? []))
      const file = join(GOLDEN, `${name}.out`)
      if (WRITE) writeFileSync(file, got)
      expect(got).toBe(readFileSync(file, 'utf8'))
    })
  }
})
