// undici's own timeouts end to end: a fetch with
// no signal of its own, at undici's defaults or a
// team's Agent, under a withheld answer (the
// effect exists), a dropped request (none) and a
// stalled body. A mapping that reads undici's
// timeouts as "not sent" is dangerous in every one
// (they look the same to the client); the correct
// example reads them as ambiguous.
import { beforeAll, describe, expect, it } from 'vitest'
import { appliesTo, auditCase } from '../../../harness/audit/cases.ts'
import { gradeCells, type MatrixCell } from '../../../harness/audit/grade-cells.ts'
import { runMatrix } from '../../../harness/audit/matrix.ts'
import { CLIENT_NAMES, type ClientName } from '../../../harness/contract/mapping.ts'
import {
  auditFromCli,
  type CliAudit,
  example,
  expectNotSentDangerous,
  expectReachedAndReplays,
} from './support/audit-cli.ts'

const HEADERS = ['undici-headers-timeout.defaults', 'undici-headers-timeout.agent', 'undici-headers-timeout.no-effect']
const BODY = ['undici-body-timeout', 'undici-body-timeout.defaults']
const ROWS = [...HEADERS, ...BODY]
/** Rows at undici's defaults: resend's fetch too. */
const DEFAULTS = ['undici-headers-timeout.defaults', 'undici-body-timeout.defaults']
const CLIENTS: readonly ClientName[] = ['fetch', 'resend']
/** The campaign's runs (seed 1). */
const RUNS = 200

async function matrix(name: string): Promise<MatrixCell[]> {
  return gradeCells(await runMatrix({ mapping: example(name), label: name, clients: CLIENTS, pool: { workers: 2 } }))
}

const undiciCells = (cells: readonly MatrixCell[]) => cells.filter((c) => ROWS.includes(c.case))

describe("the rows of undici's own timeouts", () => {
  it('apply to fetch (and resend at the defaults) with no timeout of their own; the others are left out, saying why', () => {
    for (const id of ROWS) {
      const row = auditCase(id)!
      expect(row.observation).toBe(id.startsWith('undici-headers') ? 'headers-timeout' : 'body-timeout')
      expect(row.client?.kind).toBe('no-timeout')
      // Square's own timeout stops at the headers:
      // a stalled body meets undici's default.
      expect(CLIENT_NAMES.filter((c) => appliesTo(row, c))).toEqual(
        id === 'undici-body-timeout.defaults'
          ? ['fetch', 'resend', 'square']
          : DEFAULTS.includes(id)
            ? ['fetch', 'resend']
            : ['fetch'],
      )
      expect(row.notFor).toMatch(/node:http and axios have no timeout by default/)
      expect(row.notFor).toMatch(/stripe-node.*always sets a timeout/)
      if (!DEFAULTS.includes(id)) expect(row.notFor).toMatch(/resend-node takes no dispatcher/)
    }
    // A team's Agent at the clients' 10 s; past undici's
    // 300 s defaults, a longer turn.
    expect(auditCase('undici-headers-timeout.agent')!.client).toEqual({
      kind: 'no-timeout',
      agent: { headersTimeout: 10_000, bodyTimeout: 10_000 },
    })
    for (const id of DEFAULTS) expect(auditCase(id)!.turnBudgetMs).toBeGreaterThan(300_398)
  })

  it('undici-timeout-as-not-sent.ts: every undici row × fetch is dangerous (duplicate effect), and nothing else', async () => {
    const cells = await matrix('undici-timeout-as-not-sent')
    const dangerous = cells
      .filter((c) => c.grade === 'dangerous')
      .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
      .sort()
    expect(dangerous).toEqual(ROWS.map((r) => `${r} × fetch: duplicate-effect`).sort())
    const mine = undiciCells(cells)
    expect(mine.map((c) => `${c.case} × ${c.client}`).sort()).toEqual(
      [...ROWS.map((r) => `${r} × fetch`), ...DEFAULTS.map((r) => `${r} × resend`)].sort(),
    )
    // The ledger: the server had acted, but for the
    // dropped request.
    for (const c of mine)
      expect(c.truth, `${c.case} × ${c.client}`).toBe(
        c.case === 'undici-headers-timeout.no-effect' ? 'not-applied' : 'applied',
      )
    // What fetch really raised (test/fidelity/undici-timeouts.test.ts).
    const shown = (rows: readonly string[]) =>
      new Set(mine.filter((c) => c.client === 'fetch' && rows.includes(c.case)).map((c) => c.observed))
    expect(shown(HEADERS)).toEqual(
      new Set(['TypeError: fetch failed ← HeadersTimeoutError: Headers Timeout Error [UND_ERR_HEADERS_TIMEOUT]']),
    )
    expect(shown(BODY)).toEqual(
      new Set(['TypeError: terminated ← BodyTimeoutError: Body Timeout Error [UND_ERR_BODY_TIMEOUT]']),
    )
    // resend-node swallows either into status null,
    // as for a reset; this rule does not read it.
    for (const c of mine.filter((c) => c.client === 'resend')) {
      expect(c.observed).toContain('status null')
      expect(c.class).toBe('ambiguous')
    }
  }, 120_000)

  it('correct.ts: every headers-timeout cell is right (ambiguous); no cell is dangerous', async () => {
    const cells = await matrix('correct')
    expect(cells.filter((c) => c.grade === 'dangerous')).toEqual([])
    const mine = undiciCells(cells)
    expect(mine).toHaveLength(ROWS.length + DEFAULTS.length)
    for (const c of mine) expect(c.class, `${c.case} × ${c.client}`).toBe('ambiguous')
    for (const c of mine.filter((c) => HEADERS.includes(c.case) || c.client === 'resend'))
      expect(c.grade, `${c.case} × ${c.client}`).toBe('right')
    // A stalled body comes only after the service acted
    // (body-stall): fetch's BodyTimeoutError is known
    // applied, so ambiguous costs a look.
    for (const c of mine.filter((c) => BODY.includes(c.case) && c.client === 'fetch'))
      expect(c.grade, `${c.case} × fetch`).toBe('costly')
  }, 120_000)
})

describe('faultline audit-mapping --mapping undici-timeout-as-not-sent.ts (fetch, seed 1)', () => {
  let run: CliAudit

  beforeAll(async () => {
    run = await auditFromCli('undici-timeout-as-not-sent', RUNS)
  }, 300_000)

  it('exits 1: its undici cells are dangerous', () => {
    expectNotSentDangerous(run, ROWS)
    // Dropped: no effect to duplicate in its own row.
    expect(run.result.consequences.cells.find((c) => c.case === 'undici-headers-timeout.no-effect')).toMatchObject({
      status: 'lookalike',
    })
  })

  // Needs the lead's side of issue 24: the reference
  // giving up by an undici Agent in the campaign,
  // and attribution by the give-up's code.
  for (const id of ['undici-headers-timeout.agent', 'undici-body-timeout'])
    it(
      `the campaign reaches ${id} within ${RUNS} runs: a counterexample that replays`,
      () => expectReachedAndReplays(run, 'undici-timeout-as-not-sent', id),
      120_000,
    )
})
