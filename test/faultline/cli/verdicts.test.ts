// Every verdict, byte for byte, as it was before the
// speed work of issue 26 (verdicts/*.out, written at
// its start): gate and compare --json on bundled
// executors of every kind, two seeds each, and
// compare over them all as npm start runs it. A faster
// path that changes one byte changed a verdict.
// Regenerate only for a deliberate change of verdicts:
//   FAULTLINE_GOLDEN=write npx vitest run test/faultline/cli/verdicts.test.ts
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './cli.ts'

const SAVED = join(import.meta.dirname, 'verdicts')
const WRITE = process.env.FAULTLINE_GOLDEN === 'write'

/**
 * The reference, the naive first try, two correct
 * executors in other styles (one an SDK at its
 * defaults), and flawed ones caught by different
 * judges (each shrunk), for every seed.
 */
const EXECUTORS = [
  'reference',
  'naive',
  'honest-minimal',
  'stripe-sdk-defaults',
  'fresh-key-per-attempt',
  'timeout-as-failure',
  'single-unspaced-probe',
  'compensates-unknown-blindly',
]
const SEEDS = [1, 2]

const CASES = SEEDS.flatMap((seed) => [
  [`gate-reference-seed-${seed}`, ['gate', '--executor', 'reference', '--runs', '200', '--seed', String(seed)]],
  [`gate-flawed-seed-${seed}`, ['gate', '--executor', 'key-from-the-model', '--runs', '200', '--seed', String(seed)]],
  [`compare-seed-${seed}`, ['compare', '--executors', EXECUTORS.join(','), '--runs', '40', '--seed', String(seed)]],
  // npm start's campaign: every bundled executor.
  ...(seed === 1 ? [['compare-all-seed-1', ['compare', '--runs', '200', '--seed', '1']]] : []),
]) as [string, string[]][]

/**
 * A large report as a digest per row (900 KB
 * saved would be too much): a changed byte
 * names the executor it changed.
 */
function digest(out: string): string {
  const report = JSON.parse(out) as { rows: { executor: { spec: string } }[] }
  const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex')
  const rows = report.rows.map((row) => `${row.executor.spec} ${hash(row)}`)
  return [`everything ${hash(report)}`, ...rows].join('\n')
}

describe('every verdict as before (issue 26)', () => {
  it.each(CASES)(
    '%s',
    async (name, args) => {
      const r = await cli([...args, '--no-corpus', '--workers', '2', '--json'])
      const got = `${name.startsWith('compare-all') ? digest(r.out) : r.out}\nexit ${r.code}\n`
      const file = join(SAVED, `${name}.out`)
      if (WRITE) writeFileSync(file, got)
      expect(got).toBe(readFileSync(file, 'utf8'))
    },
    300_000,
  )
})
