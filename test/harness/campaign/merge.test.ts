// A campaign run whole and as 3 merged shards
// prints the same bytes (text, --json, --out) and
// leaves the same corpus. Each runs in its own dir,
// from an empty corpus, as separate CI jobs would.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryName } from '../../../harness/campaign/corpus.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { scratchDir } from '../../support/scratch.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 1)

const dir = () => scratchDir('merge')
const corpus = (cwd: string) => {
  try {
    return readdirSync(join(cwd, '.faultline', 'corpus')).sort()
  } catch {
    return []
  }
}

/**
 * The whole campaign (text; --json elsewhere), and
 * its 3 shards merged (text, then --json from the
 * same files: merging twice changes nothing).
 */
async function wholeAndMerged(command: string[], prepare: (cwd: string) => void = () => {}) {
  const a = dir()
  const aJson = dir()
  const b = dir()
  for (const cwd of [a, aJson, b]) prepare(cwd)
  const whole = await cli([...command, '--out', 'whole.json'], a)
  const wholeJson = await cli([...command, '--json'], aJson)
  const shards = []
  for (const i of [1, 2, 3]) shards.push(await cli([...command, '--shard', `${i}/3`, '--out', `shard-${i}.json`], b))
  const merged = await cli(['merge', 'shard-1.json', 'shard-2.json', 'shard-3.json', '--out', 'merged.json'], b)
  const mergedJson = await cli(['merge', 'shard-3.json', 'shard-1.json', 'shard-2.json', '--json'], b) // any order
  return { a, b, whole, wholeJson, shards, merged, mergedJson }
}

describe('merge', () => {
  it("names the corpus entries of another profile as the whole gate does: each shard's share, merged", async () => {
    const named = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'named', 'worked-example.json'), 'utf8'))
    const entries = [1, 2, 3, 4].map((seed) => ({ ...named, seed, profile: ['volatile-keys'] }))
    const r = await wholeAndMerged(
      ['gate', '--executor', 'reference', '--runs', '6', '--seed', String(SEED), '--workers', '1'],
      (cwd) => {
        mkdirSync(join(cwd, '.faultline', 'corpus'), { recursive: true })
        for (const e of entries)
          writeFileSync(
            join(cwd, '.faultline', 'corpus', entryName('duplicate-effect', 'reference', e)),
            JSON.stringify(e),
          )
      },
    )
    expect(r.merged.out).toBe(r.whole.out)
    expect(r.mergedJson.out).toBe(r.wholeJson.out)
    expect(JSON.parse(r.wholeJson.out).corpusElsewhere).toHaveLength(4)
    expect(r.whole.out).toContain('not replayed 4 corpus entries saved under profile vendor+volatile-keys')
  })

  // naive fails early (run 3, seed 1: shard 3),
  // single-unspaced-probe later, reference never.
  for (const [executor, runs] of [
    ['naive', 20],
    ['single-unspaced-probe', 40],
    ['reference', 30],
  ] as const) {
    it(`gate --executor ${executor} as 3 shards, merged, is the whole gate byte for byte`, async () => {
      console.log(`merge gate ${executor}: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
      const r = await wholeAndMerged([
        'gate',
        '--executor',
        executor,
        '--runs',
        String(runs),
        '--seed',
        String(SEED),
        '--workers',
        '2',
      ])
      expect(r.merged.code).toBe(r.whole.code)
      expect(r.merged.out).toBe(r.whole.out)
      expect(readFileSync(join(r.b, 'merged.json'), 'utf8')).toBe(readFileSync(join(r.a, 'whole.json'), 'utf8'))
      expect(r.mergedJson.out).toBe(r.wholeJson.out)
      expect(corpus(r.b)).toEqual(corpus(r.a))
      const report = JSON.parse(r.wholeJson.out)
      if (executor === 'reference') {
        expect(r.whole.code).toBe(0)
        expect(r.shards.map((s) => s.code)).toEqual([0, 0, 0])
      } else {
        // The whole gate's first failure is the lowest
        // across shards; shards that failed later ran on.
        expect(r.whole.code).toBe(1)
        const firsts = r.shards
          .map((s) => /first at run (\d+)/.exec(s.out)?.[1])
          .filter(Boolean)
          .map(Number)
        expect(Math.min(...firsts)).toBe(report.summary.firstFailureRun)
        expect(corpus(r.a)).toHaveLength(1)
        expect(r.merged.out).toContain(
          `replay with  npm run faultline -- run .faultline/corpus/${corpus(r.a)[0]} --executor ${executor}`,
        )
      }
    })
  }

  it('a gate that tested nothing: the shards leave it to the merge, which fails as the whole gate does', async () => {
    console.log(`merge gate never-sends: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const r = await wholeAndMerged([
      'gate',
      '--executor',
      join(ROOT, 'test/fixtures/nothing-tested/never-sends.ts'),
      '--runs',
      '12',
      '--seed',
      String(SEED),
      '--workers',
      '1',
      '--no-corpus',
    ])
    expect(r.shards.map((s) => s.code)).toEqual([0, 0, 0])
    for (const s of r.shards) expect(s.out).toContain('nothing tested in this shard: ')
    expect(r.whole.code).toBe(1)
    expect(r.merged.code).toBe(1)
    expect(r.merged.out).toBe(r.whole.out)
    expect(r.merged.out).toMatch(/\nNOTHING TESTED — no tool call reached a service in 12 runs: /)
    expect(r.mergedJson.out).toBe(r.wholeJson.out)
  })

  it('compare as 3 shards, merged, is the whole comparison byte for byte', async () => {
    const r = await wholeAndMerged([
      'compare',
      '--executors',
      'naive,single-unspaced-probe',
      '--runs',
      '30',
      '--k',
      '2',
      '--seed',
      String(SEED),
      '--workers',
      '2',
    ])
    expect(r.merged.code).toBe(0)
    expect(r.merged.out).toBe(r.whole.out)
    expect(readFileSync(join(r.b, 'merged.json'), 'utf8')).toBe(readFileSync(join(r.a, 'whole.json'), 'utf8'))
    expect(r.mergedJson.out).toBe(r.wholeJson.out)
    expect(corpus(r.b)).toEqual(corpus(r.a))
    expect(corpus(r.a).length).toBeGreaterThanOrEqual(2)
    // A shard saved nothing: only the merge did.
    expect(r.shards.every((s) => !s.out.includes('→ .faultline/corpus'))).toBe(true)
  })

  it("refuses what is not one campaign's shards, in one line that names the file and the fix", async () => {
    const b = dir()
    const gate = ['gate', '--executor', 'reference', '--runs', '6', '--workers', '1', '--no-corpus']
    for (const i of [1, 2, 3]) await cli([...gate, '--shard', `${i}/3`, '--out', `s${i}.json`], b)
    await cli([...gate, '--seed', '2', '--shard', '3/3', '--out', 'other.json'], b)
    await cli([...gate, '--shard', '3/3', '--json'], b).then((r) => writeFileSync(join(b, 'printed.json'), r.out))
    writeFileSync(join(b, 'scenario.json'), readFileSync(join(ROOT, 'scenarios', 'named', 'worked-example.json')))
    // A hand-edited report with a misspelt key: the
    // schema says which, and what was meant.
    const typo = JSON.parse(readFileSync(join(b, 's3.json'), 'utf8')) as Record<string, unknown>
    typo.sumary = typo.summary
    delete typo.summary
    writeFileSync(join(b, 'typo.json'), JSON.stringify(typo))
    // Its runs whole, its corpus maybe not.
    const unloaded = JSON.parse(readFileSync(join(b, 's3.json'), 'utf8')) as Record<string, unknown>
    unloaded.cut = { by: 'load-failed', signal: null, maxTimeMs: null, error: 'gone' }
    writeFileSync(join(b, 'unloaded.json'), JSON.stringify(unloaded))
    const cases: [string[], RegExp][] = [
      [['s1.json', 's2.json'], /shard 3\/3 missing: pass the --out file of every shard/],
      [['s1.json', 's2.json', 's2.json'], /both shard 2\/3; pass each shard once/],
      [['s1.json', 's2.json', 'other.json'], /other.json is from another campaign than s1.json/],
      [['s1.json', 's2.json', 'printed.json'], /printed.json has no per-run records \(it was printed with --json\)/],
      [['scenario.json'], /scenario.json is not a faultline report: /],
      [
        ['s1.json', 's2.json', 'typo.json'],
        /typo.json is not a faultline report: .*unknown key "sumary".*did you mean "summary"\?/,
      ],
      [
        ['s1.json', 's2.json', 'unloaded.json'],
        /unloaded.json is a shard whose executor module stopped loading \(gone\); run that shard again/,
      ],
      [['nope.json'], /cannot read nope.json/],
      [[], /merge needs the --out files of every shard/],
    ]
    for (const [files, pattern] of cases) {
      const r = await cli(['merge', ...files], b)
      expect(r.code, files.join(' ')).toBe(2)
      expect(r.err.split('\n')).toHaveLength(1)
      expect(r.err).toMatch(pattern)
    }
    expect((await cli(['merge', 's1.json', 's2.json', 's3.json'], b)).code).toBe(0)
  })
})
