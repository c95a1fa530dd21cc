// The failure corpus: a counterexample is saved
// under judge, executor and content hash, replayed
// first by that executor's next gate, and reported
// still failing until the executor is fixed.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryInShard, entryName, listEntries, scenarioHash } from '../../../harness/campaign/corpus.ts'
import { parseScenario, type Scenario } from '../../../harness/scenario/scenario.ts'
import { readFileSync } from 'node:fs'
import { elsewhereWords } from '../../../reports/kit/elsewhere-words.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { scratchDir } from '../../support/scratch.ts'
const V1 = join(ROOT, 'test', 'fixtures', 'corpus', 'adapter-v1.ts')
const V2 = join(ROOT, 'test', 'fixtures', 'corpus', 'adapter-v2.ts')

const worked = (): Scenario => {
  const parsed = parseScenario(
    JSON.parse(readFileSync(join(ROOT, 'scenarios', 'named', 'worked-example.json'), 'utf8')),
  )
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.value
}

describe('corpus names', () => {
  it('hash what a scenario does, not its name, its note or the order of its keys', () => {
    const s = worked()
    const reordered = Object.fromEntries(Object.entries(s).reverse()) as Scenario
    expect(scenarioHash({ ...s, name: 'another name', about: 'a note' })).toBe(scenarioHash(s))
    expect(scenarioHash(reordered)).toBe(scenarioHash(s))
    expect(scenarioHash({ ...s, seed: s.seed + 1 })).not.toBe(scenarioHash(s))
    expect(entryName('duplicate-effect', 'my adapter/v2', s)).toMatch(
      /^duplicate-effect--my_adapter_v2--[0-9a-f]{12}\.json$/,
    )
  })

  it("list only the executor's entries, and give each to exactly one shard", () => {
    const dir = scratchDir('corpus')
    const s = worked()
    const names = [
      entryName('false-failure', 'a', s),
      entryName('duplicate-effect', 'a', { ...s, seed: 9 }),
      entryName('duplicate-effect', 'a-b', s),
      'notes.txt',
    ]
    for (const n of names) writeFileSync(join(dir, n), '{}')
    const entries = listEntries(dir, '.', 'a')
    expect(entries.map((e) => e.judge)).toEqual(['duplicate-effect', 'false-failure'])
    for (const e of entries) expect([1, 2, 3].filter((index) => entryInShard(e, { index, total: 3 }))).toHaveLength(1)
  })
})

describe('entries not replayed, in words', () => {
  it('name one --profile that replays them all: the union of their features', () => {
    const one = elsewhereWords([{ file: 'a.json', profile: 'vendor+volatile-keys' }])
    expect(one).toMatch(
      /^1 corpus entry saved under profile vendor\+volatile-keys, .*--profile volatile-keys to replay it$/,
    )
    const two = elsewhereWords([
      { file: 'a.json', profile: 'vendor+volatile-keys' },
      { file: 'b.json', profile: 'vendor+deadline-forwarding' },
    ])
    expect(two).toMatch(
      / vendor\+volatile-keys, vendor\+deadline-forwarding, .*--profile volatile-keys,deadline-forwarding to replay them$/,
    )
    expect(
      elsewhereWords([
        { file: 'a.json', profile: 'hostile' },
        { file: 'b.json', profile: 'vendor+volatile-keys' },
      ]),
    ).toMatch(/--profile hostile to replay them$/)
  })
})

describe('gate and the corpus', () => {
  it('saves the counterexample, replays it first next time (still failing), and reports it fixed once the executor is', async () => {
    const cwd = scratchDir('corpus')
    const gate = (module: string, ...more: string[]) =>
      cli(['gate', '--executor', module, '--runs', '20', '--workers', '1', '--json', ...more], cwd)

    const first = await gate(V1)
    expect(first.code).toBe(1)
    const found = JSON.parse(first.out)
    expect(found.corpus).toEqual([]) // nothing saved yet
    const file: string = found.counterexample.file
    expect(file).toMatch(/^\.faultline\/corpus\/[a-z-]+--refund-adapter--[0-9a-f]{12}\.json$/)
    expect(readdirSync(join(cwd, '.faultline', 'corpus'))).toEqual([file.split('/').at(-1)])

    // The flawed version again: its saved
    // counterexample is replayed first, still failing.
    const again = JSON.parse((await gate(V1)).out)
    expect(again.corpus).toEqual([
      expect.objectContaining({
        file,
        judge: found.counterexample.judge,
        status: 'still-failing',
        replay: expect.stringContaining(`run ${file} --executor ${V1}`),
      }),
    ])

    // The fixed version (same name): entry fixed, pass.
    const fixed = await gate(V2)
    const report = JSON.parse(fixed.out)
    expect(report.corpus).toEqual([expect.objectContaining({ file, status: 'fixed', violations: [] })])
    expect(fixed.code).toBe(0)
    expect(report.passed).toBe(true)
    const text = await cli(['gate', '--executor', V2, '--runs', '5', '--workers', '1'], cwd)
    expect(text.out).toContain(`✓ fixed         ${file}`)

    // Another executor's gate leaves the entry alone;
    // --no-corpus neither replays nor saves.
    expect(
      JSON.parse((await cli(['gate', '--executor', 'reference', '--runs', '5', '--workers', '1', '--json'], cwd)).out)
        .corpus,
    ).toEqual([])
    expect(JSON.parse((await gate(V1, '--no-corpus')).out)).toMatchObject({
      corpus: [],
      counterexample: { file: null, replay: null },
    })
    expect(readdirSync(join(cwd, '.faultline', 'corpus'))).toHaveLength(1)
  })

  it("replays only entries of the gate's profile: a hostile entry is named, not replayed, in a vendor gate", async () => {
    const cwd = scratchDir('corpus')
    const dir = join(cwd, '.faultline', 'corpus')
    mkdirSync(dir, { recursive: true })
    const vendor = worked()
    const hostile: Scenario = { ...vendor, profile: ['deadline-forwarding'] }
    const vendorFile = entryName('false-failure', 'reference', vendor)
    const hostileFile = entryName('effect-after-deadline', 'reference', hostile)
    writeFileSync(join(dir, vendorFile), JSON.stringify(vendor))
    writeFileSync(join(dir, hostileFile), JSON.stringify(hostile))
    const gate = (...more: string[]) =>
      cli(['gate', '--executor', 'reference', '--runs', '3', '--workers', '1', ...more], cwd)

    const plain = JSON.parse((await gate('--json')).out)
    expect(plain.corpus.map((c: { file: string }) => c.file)).toEqual([`.faultline/corpus/${vendorFile}`])
    expect(plain.corpusElsewhere).toEqual([
      { file: `.faultline/corpus/${hostileFile}`, profile: 'vendor+deadline-forwarding' },
    ])
    const text = (await gate()).out
    expect(text).toContain(
      'not replayed 1 corpus entry saved under profile vendor+deadline-forwarding, with behaviour the real vendors lack: gate with --profile deadline-forwarding to replay it',
    )
    expect(text).toContain(`· .faultline/corpus/${hostileFile} (vendor+deadline-forwarding)`)

    const all = JSON.parse((await gate('--json', '--profile', 'hostile')).out)
    expect(all.corpus.map((c: { file: string }) => c.file).sort()).toEqual(
      [`.faultline/corpus/${vendorFile}`, `.faultline/corpus/${hostileFile}`].sort(),
    )
    expect(all).not.toHaveProperty('corpusElsewhere')
  })

  it("replays only entries of the gate's vendors: another pair's entry is named with the --vendors that replays it", async () => {
    const cwd = scratchDir('corpus')
    const dir = join(cwd, '.faultline', 'corpus')
    mkdirSync(dir, { recursive: true })
    const stripe = worked()
    const square: Scenario = { ...stripe, vendors: { payments: 'square', email: 'resend' } }
    const stripeFile = entryName('false-failure', 'reference', stripe)
    const squareFile = entryName('executor-fault', 'reference', square)
    writeFileSync(join(dir, stripeFile), JSON.stringify(stripe))
    writeFileSync(join(dir, squareFile), JSON.stringify(square))
    const gate = (...more: string[]) =>
      cli(['gate', '--executor', 'reference', '--runs', '3', '--workers', '1', ...more], cwd)

    const plain = JSON.parse((await gate('--json')).out)
    expect(plain.corpus.map((c: { file: string }) => c.file)).toEqual([`.faultline/corpus/${stripeFile}`])
    expect(plain.corpusElsewhere).toEqual([
      { file: `.faultline/corpus/${squareFile}`, profile: 'vendor', vendors: 'square+resend' },
    ])
    const text = (await gate()).out
    expect(text).toContain(
      'not replayed 1 corpus entry saved under vendors square+resend, which this gate does not play: gate with --vendors payments=square,email=resend to replay it',
    )
    expect(text).toContain(`· .faultline/corpus/${squareFile} (square+resend, vendor)`)

    const other = JSON.parse((await gate('--json', '--vendors', 'payments=square')).out)
    expect(other.corpus.map((c: { file: string }) => c.file)).toEqual([`.faultline/corpus/${squareFile}`])
    expect(other.corpusElsewhere).toEqual([
      { file: `.faultline/corpus/${stripeFile}`, profile: 'vendor', vendors: 'stripe+resend' },
    ])
  })

  it('an entry that is not a scenario is bad input: exit 2, one line naming the file and the fix', async () => {
    const cwd = scratchDir('corpus')
    const dir = join(cwd, 'c')
    mkdirSync(dir)
    writeFileSync(join(dir, `false-failure--reference--${'a'.repeat(12)}.json`), '{"version": 2}')
    const r = await cli(['gate', '--executor', 'reference', '--runs', '3', '--workers', '1', '--corpus', 'c'], cwd)
    expect(r.code).toBe(2)
    expect(r.err.split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/corpus entry c\/false-failure--reference--a{12}\.json: .*; fix or delete it/)
  })
})

describe('--min-coverage on the command line', () => {
  it('fails a campaign that fell short of what was declared, with a clear message (exit 1)', async () => {
    const cwd = scratchDir('coverage')
    // 3 runs of the reference: green, but too few to
    // strike a refund with reset-after-effect 5 times.
    const r = await cli(
      [
        'gate',
        '--executor',
        'reference',
        '--runs',
        '3',
        '--workers',
        '1',
        '--no-corpus',
        '--min-coverage',
        'reset-after-effect:issue_refund=5,struck=1',
      ],
      cwd,
    )
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/✗ reset-after-effect:issue_refund ≥ 5: [0-4]\n/)
    expect(r.out).toMatch(
      /FAIL — the campaign fell short of what --min-coverage declares: reset-after-effect:issue_refund [0-4] of 5/,
    )
    expect(r.out).not.toContain('PASS')
    const json = JSON.parse(
      (
        await cli(
          [
            'gate',
            '--executor',
            'reference',
            '--runs',
            '3',
            '--workers',
            '1',
            '--no-corpus',
            '--json',
            '--min-coverage',
            'reset-after-effect:issue_refund=5',
          ],
          cwd,
        )
      ).out,
    )
    expect(json).toMatchObject({
      passed: false,
      counterexample: null,
      minCoverage: [{ term: 'reset-after-effect:issue_refund', need: 5, met: false }],
    })
    // The same requirements from a JSON file, met by a
    // larger campaign.
    writeFileSync(join(cwd, 'coverage.json'), JSON.stringify({ struck: 10, 'executor-crash': 1 }))
    const ok = await cli(
      [
        'gate',
        '--executor',
        'reference',
        '--runs',
        '30',
        '--workers',
        '1',
        '--no-corpus',
        '--min-coverage',
        'coverage.json',
      ],
      cwd,
    )
    expect(ok.out).toMatch(/✓ struck ≥ 10: \d+/)
    expect(ok.code).toBe(0)
  })

  it('a misspelt requirement is bad usage (exit 2) with a suggestion', async () => {
    const r = await cli(['gate', '--executor', 'reference', '--min-coverage', 'late-delivry=2'])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/unknown name "late-delivry" in "late-delivry"; did you mean "late-delivery"\?/)
  })
})
