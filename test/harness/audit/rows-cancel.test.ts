// The caller-cancel rows end to end: a caller's
// own abort, before the request reached the service
// and while the service works on it. A mapping that
// reads the abort as "not sent" is dangerous in
// both (they look the same to a client); the
// correct example reads it as ambiguous; stripe-node,
// which takes no signal, has no cell.
import { beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_CASES, appliesTo, auditCase } from '../../../harness/audit/cases.ts'
import { gradeCells, type MatrixCell } from '../../../harness/audit/grade-cells.ts'
import { runMatrix } from '../../../harness/audit/matrix.ts'
import { CLIENT_NAMES } from '../../../harness/contract/mapping.ts'
import {
  auditFromCli,
  type CliAudit,
  example,
  expectNotSentDangerous,
  expectReachedAndReplays,
} from './support/audit-cli.ts'

const ROWS = ['caller-cancel.before-send', 'caller-cancel.in-flight']
const CANCELLABLE = ['fetch', 'http', 'axios', 'resend'] as const
/** The campaign's runs (seed 1). */
const RUNS = 200

async function matrix(name: string): Promise<MatrixCell[]> {
  return gradeCells(
    await runMatrix({ mapping: example(name), label: name, clients: [...CLIENT_NAMES], pool: { workers: 2 } }),
  )
}

const cancelCells = (cells: readonly MatrixCell[]) => cells.filter((c) => ROWS.includes(c.case))

describe('the caller-cancel rows', () => {
  it('apply to every client that takes a signal; stripe-node is left out, saying why', () => {
    for (const id of ROWS) {
      const row = auditCase(id)!
      expect(row.observation).toBe('caller-cancel')
      expect(CLIENT_NAMES.filter((c) => appliesTo(row, c))).toEqual([...CANCELLABLE])
      expect(row.notFor).toMatch(/stripe-node 23\.1\.0 takes no signal/)
    }
    // Every other row still applies to stripe-node.
    expect(AUDIT_CASES.filter((r) => !appliesTo(r, 'stripe')).map((r) => r.id)).toEqual(expect.arrayContaining(ROWS))
  })

  it('abort-as-not-sent.ts: both rows × fetch, node:http, axios are dangerous (duplicate effect), and nothing else', async () => {
    const cells = await matrix('abort-as-not-sent')
    const dangerous = cells
      .filter((c) => c.grade === 'dangerous')
      .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
      .sort()
    expect(dangerous).toEqual(
      ROWS.flatMap((r) => ['axios', 'fetch', 'http'].map((c) => `${r} × ${c}: duplicate-effect`)).sort(),
    )
    const cancel = cancelCells(cells)
    expect(cancel.map((c) => `${c.case} × ${c.client}`).sort()).toEqual(
      ROWS.flatMap((r) => CANCELLABLE.map((c) => `${r} × ${c}`)).sort(),
    )
    // The ledger: before-send never lands; in-flight
    // lands after the caller stopped waiting.
    for (const c of cancel)
      expect(c.truth, `${c.case} × ${c.client}`).toBe(
        c.case === 'caller-cancel.before-send' ? 'not-applied' : 'depends-on-timing',
      )
    // What the clients really raised (test/fidelity/caller-cancel.test.ts).
    const shown = (client: string) => new Set(cancel.filter((c) => c.client === client).map((c) => c.observed))
    expect(shown('fetch')).toEqual(new Set(['DOMException (name AbortError): This operation was aborted']))
    expect(shown('http')).toEqual(
      new Set([
        'AbortError: The operation was aborted [ABORT_ERR] ← DOMException (name AbortError): This operation was aborted',
      ]),
    )
    expect(shown('axios')).toEqual(new Set(['CanceledError: canceled [ERR_CANCELED]']))
    // resend-node swallows the abort: status null,
    // as for a reset; this rule does not read it.
    expect([...shown('resend')][0]).toContain('status null')
    expect(cancel.filter((c) => c.client === 'resend').every((c) => c.class === 'ambiguous')).toBe(true)
  }, 120_000)

  it('correct.ts: every caller-cancel cell is right (ambiguous), and no cell is dangerous', async () => {
    const cells = await matrix('correct')
    expect(cells.filter((c) => c.grade === 'dangerous')).toEqual([])
    const cancel = cancelCells(cells)
    expect(cancel).toHaveLength(ROWS.length * CANCELLABLE.length)
    for (const c of cancel) expect(c, `${c.case} × ${c.client}`).toMatchObject({ class: 'ambiguous', grade: 'right' })
  }, 120_000)
})

describe('faultline audit-mapping --mapping abort-as-not-sent.ts (fetch, seed 1)', () => {
  let run: CliAudit

  beforeAll(async () => {
    run = await auditFromCli('abort-as-not-sent', RUNS)
  }, 300_000)

  it('exits 1: its caller-cancel cells are dangerous', () => {
    expectNotSentDangerous(run, ROWS)
    expect(run.result.consequences.cells.find((c) => c.case === 'caller-cancel.before-send')).toMatchObject({
      status: 'lookalike',
    })
  })

  // The campaign's reference cancels some sends
  // itself; attribute.ts files them (how the client
  // gave up: AbortError) under caller-cancel.in-flight.
  it(
    `the campaign reaches caller-cancel.in-flight within ${RUNS} runs: a counterexample that replays`,
    () => expectReachedAndReplays(run, 'abort-as-not-sent', 'caller-cancel.in-flight'),
    120_000,
  )
})
