// `faultline audit-mapping`'s words where a
// mapping is broken: a Promise-answering one in a
// few lines (and `report` of its JSON the same
// bytes); a hung one told that Date.now() is
// virtual; exit 2 naming the module as given, and
// what it exported.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../../support/scratch.ts'
import { cli } from '../../faultline/cli/cli.ts'

/** A scratch cwd with m/<name>.ts for each module. */
function project(modules: Record<string, string>): string {
  const cwd = scratchDir('audit-output')
  mkdirSync(join(cwd, 'm'))
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(cwd, 'm', name), text)
  return cwd
}

describe('audit-mapping of a broken mapping', () => {
  it('prints a mapping that answers a Promise as a summary of a few lines; `report` of its JSON draws the same', async () => {
    const cwd = project({ 'async.ts': "export default async () => 'ambiguous'\n" })
    const argv = ['audit-mapping', '--mapping', 'm/async.ts', '--clients', 'fetch,http', '--runs', '0']
    const text = await cli([...argv, '--workers', '2'], cwd)
    expect(text.code).toBe(1)
    const summary =
      /the mapping failed on (\d+) of (\d+) cells:\n {2}! it answered a Promise \(a mapping is synchronous\) — every row × every client\n/.exec(
        text.out,
      )
    expect(summary, text.out).not.toBeNull()
    expect(summary![1]).toBe(summary![2])
    expect(text.out.split('a Promise').length - 1).toBe(1)
    expect(text.out).not.toContain('dangerous cells first')
    expect(text.out.split('\n').length).toBeLessThan(20)

    const json = await cli([...argv, '--workers', '2', '--json'], cwd)
    writeFileSync(join(cwd, 'a.json'), json.out)
    const again = await cli(['report', 'a.json'], cwd)
    expect(again.out).toBe(text.out)
  }, 120_000)

  it('says, of a mapping that waits for Date.now() to move, that time there is virtual', async () => {
    const cwd = project({
      'waits.ts': [
        '// Waits 50 ms "to let the network settle".',
        'export default () => {',
        '  const until = Date.now() + 50',
        '  while (Date.now() < until) {}',
        "  return 'ambiguous'",
        '}',
        '',
      ].join('\n'),
    })
    // A short budget: each blocked cell spins to it twice.
    const r = await cli(
      [
        'audit-mapping',
        '--mapping',
        'm/waits.ts',
        '--clients',
        'fetch',
        '--runs',
        '0',
        '--workers',
        '2',
        '--run-timeout',
        '1000',
      ],
      cwd,
    )
    expect(r.code).toBe(1)
    expect(r.out).toMatch(
      /! it blocked its thread: no answer within 1 s of real time \(.*Date\.now\(\) .* stand still while the mapping runs, so a loop that waits for them to move never ends\) — /,
    )
    // The cells not run after it: one line, not one each.
    expect(r.out).toMatch(/\n {2}! not asked: .* — every cell but /)
    expect(r.out).not.toContain('(not run)')
  }, 120_000)

  const bad: [string, Record<string, string>, string, RegExp][] = [
    [
      'a module that is not there',
      {},
      'm/nope.ts',
      /^faultline: mapping module not found: m\/nope\.ts \(check the path\)$/,
    ],
    [
      'a module with a named export only',
      { 'named.ts': "export const classify = () => 'ambiguous'\nexport const version = 2\n" },
      'm/named.ts',
      /^faultline: m\/named\.ts exports no mapping: it exports classify \(a function\), version \(a number\); export default a function/,
    ],
    [
      'a CommonJS module with no function',
      { 'plain.cjs': 'module.exports = { version: 1 }\n' },
      'm/plain.cjs',
      /^faultline: m\/plain\.cjs exports no mapping: it exports version \(a number\); export default/,
    ],
    [
      'a module that exports nothing',
      { 'empty.ts': 'export {}\n' },
      'm/empty.ts',
      /^faultline: m\/empty\.ts exports no mapping: it exports nothing; export default/,
    ],
    [
      'a module that does not load',
      { 'broken.ts': "throw new Error('no config')\n" },
      'm/broken.ts',
      /^faultline: cannot load mapping module m\/broken\.ts: .*no config/,
    ],
  ]
  it.each(bad)(
    'exits 2 on %s, naming it as given, not by its absolute path',
    async (_what, modules, spec, message) => {
      const cwd = project(modules)
      const r = await cli(['audit-mapping', '--mapping', spec, '--clients', 'fetch', '--runs', '0'], cwd)
      expect(r.code).toBe(2)
      const last = r.err.split('\n').at(-1)!
      expect(last).toMatch(message)
      expect(last).not.toContain(cwd)
    },
    60_000,
  )
})
