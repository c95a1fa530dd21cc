// End to end: each example mapping's cells as the
// real clients meet the faults, in supervised
// workers. Each wrong example gets exactly the
// dangerous cells its comment names; the correct
// ones none; a mapping that throws, answers
// nonsense or blocks is reported cell by cell.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_CASES, appliesTo } from '../../../harness/audit/cases.ts'
import { gradeCells, type MatrixCell } from '../../../harness/audit/grade-cells.ts'
import { cellScenario, runMatrix } from '../../../harness/audit/matrix.ts'
import { CLIENT_NAMES, type ClientName } from '../../../harness/contract/mapping.ts'
import { parseScenario } from '../../../harness/scenario/scenario.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const ALL = [...CLIENT_NAMES]

async function matrix(module: string, clients: readonly ClientName[] = ALL, runRealMs?: number): Promise<MatrixCell[]> {
  return gradeCells(
    await runMatrix({
      mapping: join(ROOT, module),
      label: module,
      clients,
      pool: { workers: 2, ...(runRealMs ? { budgets: { runRealMs } } : {}) },
    }),
  )
}

/** `row × client` of each dangerous cell, and its cost. */
function dangerous(cells: readonly MatrixCell[]): string[] {
  return cells
    .filter((c) => c.grade === 'dangerous')
    .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
    .sort()
}

function expand(rows: readonly string[], clients: readonly ClientName[], consequence: string): string[] {
  return rows.flatMap((r) => clients.map((c) => `${r} × ${c}: ${consequence}`))
}

const TIMEOUTS = ['latency.past-timeout', 'late-delivery', 'dropped', 'withhold-after-effect']
const RESETS = ['server-fails-before-apply.reset', 'reset-after-effect', 'service-restart']
const UNDICI = [
  'undici-headers-timeout.defaults',
  'undici-headers-timeout.agent',
  'undici-headers-timeout.no-effect',
  'undici-body-timeout',
  'undici-body-timeout.defaults',
]
const CANCEL = ['caller-cancel.before-send', 'caller-cancel.in-flight']
const PROXY_PAGES = [
  'gateway-timeout.finishes',
  'gateway-timeout.dies',
  ...[502, 500, 503].flatMap((s) => [`gateway-error.${s}.acted`, `gateway-error.${s}.not-reached`]),
]

/** Only the cells a row has (its `clients`). */
function cellsOf(rows: readonly string[], clients: readonly ClientName[], consequence: string): string[] {
  return rows.flatMap((r) => {
    const row = AUDIT_CASES.find((c) => c.id === r)!
    return clients.filter((c) => appliesTo(row, c)).map((c) => `${r} × ${c}: ${consequence}`)
  })
}

describe('the matrix of each example mapping', () => {
  it('has a valid scenario for every cell', () => {
    for (const row of AUDIT_CASES)
      for (const client of ALL)
        expect(parseScenario(cellScenario(row, client)), `${row.id} × ${client}`).toMatchObject({ ok: true })
  })

  it('correct.ts: no dangerous cell, every cell observed and answered', async () => {
    const cells = await matrix('examples/mappings/correct.ts')
    expect(cells).toHaveLength(AUDIT_CASES.flatMap((r) => ALL.filter((c) => appliesTo(r, c))).length)
    expect(dangerous(cells)).toEqual([])
    expect(cells.filter((c) => c.grade === 'faulty')).toEqual([])
    expect(cells.every((c) => c.truth !== null && c.observed !== '(nothing observed)')).toBe(true)
    // The ledger's truths: a refund applied, none, and
    // one landing after the client gave up.
    const truth = (row: string) => new Set(cells.filter((c) => c.case === row).map((c) => c.truth))
    expect(truth('reset-after-effect')).toEqual(new Set(['applied']))
    expect(truth('server-fails-before-apply.reset')).toEqual(new Set(['not-applied']))
    expect(truth('gateway-timeout.finishes')).toEqual(new Set(['depends-on-timing']))
    expect(truth('key-in-use.in-flight')).toEqual(new Set(['depends-on-timing']))
    // What the clients really raised (docs/fidelity.md).
    const shown = (row: string, client: ClientName) =>
      cells.find((c) => c.case === row && c.client === client)!.observed
    expect(shown('reset-after-effect', 'fetch')).toBe(
      'TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]',
    )
    expect(shown('withhold-after-effect', 'http')).toBe('Error: socket hang up [ECONNRESET]')
    expect(shown('dropped', 'axios')).toContain('[ECONNABORTED]')
    expect(shown('connection-refused', 'resend')).toContain('status null')
  }, 120_000)

  it("the reference's own mapping: no dangerous cell", async () => {
    expect(dangerous(await matrix('executors/reference/exception-mapping.ts'))).toEqual([])
  }, 120_000)

  it('reset-as-not-sent.ts: the resets for fetch, node:http, axios, stripe-node, and every node:http timeout — duplicate effect', async () => {
    const expected = [
      ...expand(RESETS, ['fetch', 'http', 'axios', 'stripe'], 'duplicate-effect'),
      ...expand(TIMEOUTS, ['http'], 'duplicate-effect'),
      // A body cut short is a reset to them; to
      // node:http a stalled one too (`aborted`).
      ...expand(['body-cut'], ['fetch', 'http', 'stripe'], 'duplicate-effect'),
      ...expand(['body-stall'], ['http'], 'duplicate-effect'),
    ]
    expect(dangerous(await matrix('examples/mappings/reset-as-not-sent.ts'))).toEqual(expected.sort())
  }, 120_000)

  it("timeout-as-rejected.ts: the client timeouts for fetch, axios, stripe-node, and undici's own — false failure", async () => {
    expect(dangerous(await matrix('examples/mappings/timeout-as-rejected.ts'))).toEqual(
      [
        ...expand(TIMEOUTS, ['fetch', 'axios', 'stripe'], 'false-failure'),
        ...expand(['body-stall'], ['fetch', 'stripe'], 'false-failure'),
        ...cellsOf(UNDICI, ['fetch'], 'false-failure'),
      ].sort(),
    )
  }, 120_000)

  it("five-xx-as-rejected.ts: every proxy's page for fetch, node:http, axios, resend — false failure", async () => {
    expect(dangerous(await matrix('examples/mappings/five-xx-as-rejected.ts'))).toEqual(
      [
        ...expand(PROXY_PAGES, ['fetch', 'http', 'axios', 'resend'], 'false-failure'),
        // resend shows a proxy's 500 as its own 500.
        ...expand(['server-fails-before-apply.500'], ['resend'], 'false-failure'),
      ].sort(),
    )
  }, 120_000)

  it('not-2xx-as-not-sent.ts: every row where the effect may exist (and its look-alikes), for every client — duplicate effect', async () => {
    const mayHaveLanded = [
      ...TIMEOUTS,
      ...RESETS,
      ...PROXY_PAGES,
      'body-cut',
      'body-stall',
      'error-response.409',
      'key-in-use.in-flight',
      'probe-timeout.after-effect',
      'probe-timeout.no-effect',
    ]
    // resend shows a refused connection and an unknown
    // name as a reset: `{ statusCode: null }`.
    const expected = [
      ...expand(mayHaveLanded, ALL, 'duplicate-effect'),
      ...cellsOf([...UNDICI, ...CANCEL], ALL, 'duplicate-effect'),
      ...expand(['connection-refused', 'dns-failure', 'server-fails-before-apply.500'], ['resend'], 'duplicate-effect'),
    ]
    expect(dangerous(await matrix('examples/mappings/not-2xx-as-not-sent.ts'))).toEqual(expected.sort())
  }, 120_000)

  it('probe-timeout-as-applied.ts: the probe timeouts for fetch, axios, stripe-node — false success', async () => {
    expect(dangerous(await matrix('examples/mappings/probe-timeout-as-applied.ts'))).toEqual(
      expand(
        ['probe-timeout.after-effect', 'probe-timeout.no-effect'],
        ['fetch', 'axios', 'stripe'],
        'false-success',
      ).sort(),
    )
  }, 120_000)
})

describe('a mapping that misbehaves is reported per cell, never a failure of the audit', () => {
  it('one that throws: faulty where it threw, graded where it answered', async () => {
    const cells = await matrix('test/fixtures/mappings/throws.ts', ['fetch', 'http'])
    const threw = cells.filter((c) => c.problem?.kind === 'threw')
    expect(threw.length).toBeGreaterThan(0)
    expect(threw[0]!.why).toMatch(/^the mapping threw: TypeError: Cannot read properties of undefined/)
    // fetch wraps a network failure in a cause, not its
    // own timeout or a caller's abort; node:http's
    // errors have none.
    const timeouts = AUDIT_CASES.filter((r) =>
      ['client-timeout', 'probe-timeout', 'caller-cancel'].includes(r.observation),
    ).map((r) => r.id)
    expect(
      threw
        .filter((c) => c.client === 'fetch')
        .map((c) => c.case)
        .sort(),
    ).toEqual([...timeouts].sort())
    // ... but for a caller's abort, whose cause
    // is the signal's reason.
    expect(
      cells
        .filter((c) => c.client === 'http' && c.problem === null && c.class !== 'applied')
        .filter((c) => !c.observed.startsWith('HTTP'))
        .map((c) => c.case),
    ).toEqual(CANCEL)
    expect(cells.find((c) => c.case === 'connection-refused' && c.client === 'fetch')).toMatchObject({
      class: 'not-sent',
      grade: 'right',
    })
  }, 120_000)

  it('one that answers nonsense: faulty, saying what it answered', async () => {
    const cells = await matrix('test/fixtures/mappings/junk.ts', ['fetch'])
    expect(cells.find((c) => c.case === 'dropped')).toMatchObject({
      grade: 'faulty',
      problem: { kind: 'not-a-class', detail: 'it answered "AMBIGUOUS"' },
    })
    expect(cells.find((c) => c.case === 'error-response.503')).toMatchObject({
      grade: 'faulty',
      problem: { kind: 'not-a-class', detail: 'it answered undefined' },
    })
    expect(cells.find((c) => c.case === 'latency.slow-success')).toMatchObject({ grade: 'right', class: 'applied' })
  }, 120_000)

  // "Bounded": the audit gave up on the mapping
  // rather than wait out every cell.
  it('one that blocks its thread: reported hung on the cells it blocked, the rest not run, in bounded time', async () => {
    const cells = await matrix('test/fixtures/mappings/hangs.ts', ['fetch'], 1_500)
    const kinds = new Set(cells.map((c) => c.problem?.kind ?? 'answered'))
    expect(cells.filter((c) => c.problem?.kind === 'hung').length).toBeGreaterThanOrEqual(1)
    expect(kinds.has('not-run')).toBe(true)
    expect(cells.find((c) => c.case === 'error-response.400')?.problem?.kind ?? 'answered').not.toBe('hung')
  }, 120_000)

  it('a CommonJS module loads like an ES module', async () => {
    const cells = await matrix('test/fixtures/mappings/commonjs.cjs', ['fetch'])
    expect(cells.find((c) => c.case === 'connection-refused')).toMatchObject({ class: 'not-sent', grade: 'right' })
    expect(dangerous(cells)).toEqual([])
  }, 120_000)
})
