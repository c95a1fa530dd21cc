// The gateway-error rows end to end: a proxy's
// 502/500/503 page as every client (resend too)
// meets it (its cells: matrix.test.ts), and
// dangerous — exit 1, with a counterexample from
// the campaign — for a mapping that reads a 502
// as "not sent".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { rowOf } from '../../../harness/audit/attribute.ts'
import { appliesTo, AUDIT_CASES, auditCase } from '../../../harness/audit/cases.ts'
import { AUDIT_RESULT_SCHEMA } from '../../../harness/audit/result.ts'
import { CLIENT_NAMES } from '../../../harness/contract/mapping.ts'
import type { RequestFault } from '../../../harness/faults/catalogue.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { auditFromCli, type CliAudit, expectReachedAndReplays } from './support/audit-cli.ts'

const STATUSES = [502, 500, 503] as const
const UPSTREAMS = ['acted', 'not-reached'] as const
const IDS = STATUSES.flatMap((s) => UPSTREAMS.map((u) => `gateway-error.${s}.${u}`))
const example = (name: string) => join(ROOT, 'examples', 'mappings', `${name}.ts`)

describe('the gateway-error rows', () => {
  it('one per status and upstream, observed as the status, for every client (resend too)', () => {
    for (const s of STATUSES)
      for (const u of UPSTREAMS) {
        const row = auditCase(`gateway-error.${s}.${u}`)!
        expect(row).toMatchObject({ kind: 'gateway-error', observation: `status-${s}`, requests: ['send'] })
        expect(row.faults[0]).toMatchObject({ kind: 'gateway-error', status: s, upstream: u, send: 1 })
        expect(CLIENT_NAMES.every((c) => appliesTo(row, c))).toBe(true)
      }
    expect(AUDIT_CASES.filter((r) => r.kind === 'gateway-error').map((r) => r.id)).toEqual(IDS)
  })

  it("a campaign's strike is filed under its row; with no page (the client gave up) under a client timeout", () => {
    for (const s of STATUSES)
      for (const u of UPSTREAMS) {
        const f = {
          kind: 'gateway-error',
          boundary: 'gateway',
          step: 's1',
          send: 1,
          status: s,
          upstream: u,
          afterMs: 0,
        }
        expect(rowOf(f as RequestFault, s, false)).toBe(`gateway-error.${s}.${u}`)
        const gaveUp = rowOf(f as RequestFault, null, false)
        expect(gaveUp).toBe(u === 'acted' ? 'withhold-after-effect' : 'dropped')
        expect(auditCase(gaveUp)?.observation).toBe('client-timeout')
      }
  })
})

describe('bad-gateway-as-not-sent.ts', () => {
  // Its cells for every client: matrix.test.ts.
  it('exits 1: both 502 rows dangerous for fetch; the campaign reaches the acted one, and its counterexample replays', async () => {
    const cwd = scratchDir('rows-gateway')
    const r = await cli(
      [
        'audit-mapping',
        '--mapping',
        example('bad-gateway-as-not-sent'),
        '--clients',
        'fetch',
        '--runs',
        '200',
        '--seed',
        '2', // run 136 (seed 1: none in 600 runs)
        '--json',
        '--workers',
        '2',
      ],
      cwd,
    )
    expect(r.code).toBe(1)
    const result = AUDIT_RESULT_SCHEMA.parse(JSON.parse(r.out))
    const dangerous = result.matrix.cells
      .filter((c) => c.grade === 'dangerous')
      .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
      .sort()
    expect(dangerous).toEqual(
      ['gateway-error.502.acted', 'gateway-error.502.not-reached'].map((row) => `${row} × fetch: duplicate-effect`),
    )
    const reached = result.consequences.cells.find((c) => c.case === 'gateway-error.502.acted' && c.client === 'fetch')!
    console.log(`bad-gateway-as-not-sent campaign: seed ${result.consequences.seed}, first at run ${reached.firstRun}`)
    expect(reached.status).toBe('reached')
    expect(['duplicate-effect', 'false-failure']).toContain(reached.judge)
    // The row alone: one, or a burst the resends
    // meet (all refused: a false failure).
    const faults = reached.counterexample!.scenario.faults
    expect(faults.length).toBeGreaterThan(0)
    for (const f of faults) expect(f).toMatchObject({ kind: 'gateway-error', status: 502, upstream: 'acted' })
    expect(
      result.consequences.cells.find((c) => c.case === 'gateway-error.502.not-reached' && c.client === 'fetch'),
    ).toMatchObject({ status: 'lookalike' })

    const saved = join(cwd, 'reports', 'out', 'audit-bad-gateway-as-not-sent-gateway-error_502_acted.json')
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(reached.counterexample!.scenario)
    const replay = await cli(['run', saved, '--mapping', example('bad-gateway-as-not-sent'), '--json'], cwd)
    expect(replay.code).toBe(1)
    expect(JSON.parse(replay.out).verdict.violations.map((v: { judge: string }) => v.judge)).toContain(reached.judge)
    const fixed = await cli(['run', saved, '--mapping', example('correct')], cwd)
    expect(fixed.code).toBe(0)
  }, 240_000)
})

// A proxy's 500 and 503 are drawn half as often
// as its 502: seed 1 reaches them in 800 runs.
describe('five-xx-as-rejected.ts from the CLI (fetch, seed 1, 800 runs)', () => {
  let run: CliAudit
  beforeAll(async () => {
    run = await auditFromCli('five-xx-as-rejected', 800)
  }, 300_000)

  it('exits 1 and attributes every failing run to a cell', () => {
    expect(run.code).toBe(1)
    expect(run.result.consequences.unattributed).toEqual([])
  })

  for (const id of ['gateway-error.500.acted', 'gateway-error.503.acted'])
    it(
      `the campaign reaches ${id}: a counterexample that replays`,
      () => expectReachedAndReplays(run, 'five-xx-as-rejected', id),
      120_000,
    )
})
