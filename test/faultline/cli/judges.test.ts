// `--judge`: a team's own judge module runs beside
// the bundled ones in gate, compare and run, and
// names itself in the verdict.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { definedJudges, undefineJudge } from '../../../harness/judge/registry.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from './cli.ts'

const API = pathToFileURL(join(ROOT, 'faultline/index.ts')).href

/**
 * A team's judge, ./no-refunds.ts in `dir`: any refund
 * is a violation (so the reference fails it).
 */
function writeNoRefundsJudge(dir: string): void {
  writeFileSync(
    join(dir, 'no-refunds.ts'),
    `import { defineJudge } from '${API}'
defineJudge({
  name: 'no-refunds-at-all',
  about: 'a refund was applied',
  check: (history) => history.flatMap((e) => (e.type === 'effect-applied' && e.effectType === 'refund' ? [{ call: e.call, message: 'a refund' }] : [])),
})
`,
  )
}

afterEach(() => {
  for (const j of definedJudges()) undefineJudge(j.judgeName)
})

describe('--judge', () => {
  it("runs a defined judge: a refund above 40.00 is a violation of this team's own rule", async () => {
    const dir = scratchDir('cli-judge')
    writeFileSync(
      join(dir, 'small-refunds.ts'),
      `import { defineJudge } from '${API}'
defineJudge({
  name: 'refund-over-limit',
  about: 'a refund above 40.00 was applied',
  check: (history) => history.flatMap((e) => (e.type === 'effect-applied' && e.effectType === 'refund' && Number(e.amount) > 4_000 ? [{ call: e.call, message: 'refund of ' + e.amount + ' over the limit' }] : [])),
})
`,
    )
    const scenario = join(ROOT, 'scenarios/named/worked-example.json')
    const plain = await cli(['run', scenario, '--executor', 'reference', '--json'], dir)
    expect(plain.code).toBe(0)
    const judged = await cli(
      ['run', scenario, '--executor', 'reference', '--json', '--judge', './small-refunds.ts'],
      dir,
    )
    const verdict = JSON.parse(judged.out).verdict as { violations: { judge: string; tool: string | null }[] }
    expect(verdict.violations.map((v) => v.judge)).toEqual(['refund-over-limit'])
    expect(verdict.violations[0]!.tool).toBe('issue_refund')
    expect(judged.code).toBe(1)
  }, 60_000)

  it('prints a replay command that judges as the campaign did, and that replay fails the same way', async () => {
    const dir = scratchDir('cli-judge')
    writeNoRefundsJudge(dir)
    const gate = await cli(
      ['gate', '--executor', 'reference', '--runs', '30', '--seed', '1', '--judge', './no-refunds.ts'],
      dir,
    )
    expect(gate.code).toBe(1)
    const replay = /(?:npx faultline|npm run faultline --) (run \S+ --executor reference --judge \S+)/.exec(gate.out)
    expect(replay, gate.out).not.toBeNull()
    expect(replay![1]).toMatch(/--judge \.\/no-refunds\.ts$/)
    const again = await cli([...replay![1]!.split(' '), '--json'], dir)
    expect(again.err).toBe('')
    expect(JSON.parse(again.out).verdict.violations.map((v: { judge: string }) => v.judge)).toContain(
      'no-refunds-at-all',
    )
    expect(again.code).toBe(1)
  }, 120_000)

  it('carries the judge modules through shards: the merge prints the same replay command, and shards judged otherwise do not merge', async () => {
    const dir = scratchDir('cli-judge')
    writeNoRefundsJudge(dir)
    const campaign = ['gate', '--executor', 'reference', '--runs', '30', '--seed', '1', '--judge', './no-refunds.ts']
    for (const i of [1, 2])
      expect((await cli([...campaign, '--shard', `${i}/2`, '--out', `s${i}.json`], dir)).code).toBe(1)
    const merged = await cli(['merge', 's1.json', 's2.json'], dir)
    expect(merged.code).toBe(1)
    const replay = /(?:npx faultline|npm run faultline --) (run \S+ --executor reference --judge \S+)/.exec(merged.out)
    expect(replay, merged.out).not.toBeNull()
    expect(replay![1]).toMatch(/--judge \.\/no-refunds\.ts$/)
    const again = await cli([...replay![1]!.split(' '), '--json'], dir)
    expect(JSON.parse(again.out).verdict.violations.map((v: { judge: string }) => v.judge)).toContain(
      'no-refunds-at-all',
    )

    // A shard without the module is another campaign:
    // it could not have found the same failures.
    for (const j of definedJudges()) undefineJudge(j.judgeName)
    await cli(
      ['gate', '--executor', 'reference', '--runs', '30', '--seed', '1', '--shard', '2/2', '--out', 'plain.json'],
      dir,
    )
    expect(await cli(['merge', 's1.json', 'plain.json'], dir)).toMatchObject({
      code: 2,
      err: expect.stringContaining('judge modules'),
    })
  }, 180_000)

  it('refuses a module that defines no judge, in one line, with exit 2', async () => {
    const dir = scratchDir('cli-judge')
    writeFileSync(join(dir, 'empty.ts'), 'export const nothing = 1\n')
    const r = await cli(['gate', '--executor', 'reference', '--judge', './empty.ts'], dir)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/judge module \.\/empty\.ts defines no judge/)
    expect(r.err.trim().split('\n')).toHaveLength(1)
  })
})
