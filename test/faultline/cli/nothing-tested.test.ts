// Never a pass on nothing, through the command line: a gate
// whose executor never sends exits 1 with NOTHING TESTED and
// why; compare says it in its leaderboard and ranks it last.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli, ROOT } from './cli.ts'

const NEVER_SENDS = join(ROOT, 'test/fixtures/nothing-tested/never-sends.ts')
const gate = ['gate', '--executor', NEVER_SENDS, '--runs', '20', '--workers', '1', '--no-corpus']

describe('a campaign that tested nothing', () => {
  it('gate exits 1 and ends with NOTHING TESTED and why', async () => {
    const r = await cli(gate)
    expect(r.code, r.err).toBe(1)
    expect(r.out).not.toMatch(/^PASS/m)
    expect(r.out.split('\n').at(-1)).toMatch(
      /^NOTHING TESTED — no tool call reached a service in 20 runs: \d+ tool calls answered; \d+ asks FAILED_NO_EFFECT before a request reached a service; the first answer \(run 1, [^)]+\): FAILED_NO_EFFECT, "Not done\."$/,
    )
  })

  it('gate --json: passed false, with the reason and the counts it is made of', async () => {
    const r = await cli([...gate, '--json'])
    expect(r.code, r.err).toBe(1)
    const report = JSON.parse(r.out)
    expect(report.version).toBe(4)
    expect(report.passed).toBe(false)
    expect(report.summary).toMatchObject({
      requests: 0,
      blocked: { attempts: 0, hosts: [] },
      verification: { calls: 0 },
      nothingTested: expect.stringMatching(/^no tool call reached a service in 20 runs/),
    })
  })

  it('run: one scenario that sent nothing is no pass either (exit 1, NOTHING TESTED and why)', async () => {
    const named = join(ROOT, 'scenarios/named/worked-example.json')
    const r = await cli(['run', named, '--executor', NEVER_SENDS])
    expect(r.code, r.err).toBe(1)
    expect(r.out).not.toMatch(/^PASS/m)
    expect(r.out).toMatch(/^NOTHING TESTED — no tool call reached a service in 1 run: 1 tool call answered; /m)
    const json = JSON.parse((await cli(['run', named, '--executor', NEVER_SENDS, '--json'])).out)
    expect(json).toMatchObject({ passed: false, nothingTested: expect.stringMatching(/^no tool call reached/) })
    // One that sent something carries no such field.
    expect(JSON.parse((await cli(['run', named, '--json'])).out)).not.toHaveProperty('nothingTested')
  })

  it('a shard leaves it to the merge: it passes, and says so', async () => {
    const shard = await cli([...gate, '--shard', '1/2'])
    expect(shard.code, shard.err).toBe(0)
    expect(shard.out).toMatch(/nothing tested in this shard: .*\(faultline merge decides for the whole campaign\)/)
    expect(shard.out).not.toContain('NOTHING TESTED')
  })

  it('compare marks it in the leaderboard, ranks it last, and fails it with --fail-on-violation', async () => {
    const compare = ['compare', '--executors', `${NEVER_SENDS},reference`, '--runs', '10', '--k', '1']
    const r = await cli([...compare, '--workers', '1', '--no-corpus'])
    expect(r.code, r.err).toBe(0) // a comparison is a report
    const rows = r.outLines.join('\n').split('\n')
    const board = rows.filter((l) => /^(reference|never-sends)\s/.test(l))
    expect(board.map((l) => l.split(/\s+/)[0])).toEqual(['reference', 'never-sends'])
    expect(board[1]).toContain('0/10 · nothing tested')
    expect(r.out).toMatch(/^nothing tested: never-sends — no tool call reached a service in 10 runs: /m)
    const strict = await cli([...compare, '--workers', '1', '--no-corpus', '--fail-on-violation'])
    expect(strict.code, strict.err).toBe(1)
  })
})
