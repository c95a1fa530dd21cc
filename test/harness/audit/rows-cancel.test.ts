// The caller-cancel rows end to end: a caller's
// own abort, before the request reached the service
// and while the service works on it. A mapping that
// reads the abort as "not sent" is dangerous in
// both (they look the same to a client); the
// correct example reads it as ambiguous; stripe-node
// and @sendgrid/mail, which take no signal, have no
// cell. The cells' grades and what each client
// raised: matrix.test.ts (one matrix per example).
import { beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_CASES, appliesTo, auditCase } from '../../../harness/audit/cases.ts'
import { CLIENT_NAMES } from '../../../harness/contract/mapping.ts'
import { auditFromCli, type CliAudit, expectNotSentDangerous, expectReachedAndReplays } from './support/audit-cli.ts'

const ROWS = ['caller-cancel.before-send', 'caller-cancel.in-flight']
const CANCELLABLE = ['fetch', 'http', 'axios', 'resend', 'square', 'paypal', 'ses'] as const
/** The campaign's runs (seed 1). */
const RUNS = 200

describe('the caller-cancel rows', () => {
  it('apply to every client that takes a signal; stripe-node and @sendgrid/mail are left out, saying why', () => {
    for (const id of ROWS) {
      const row = auditCase(id)!
      expect(row.observation).toBe('caller-cancel')
      expect(CLIENT_NAMES.filter((c) => appliesTo(row, c))).toEqual([...CANCELLABLE])
      expect(row.notFor).toMatch(/stripe-node 23\.1\.0 takes no signal/)
      expect(row.notFor).toMatch(/@sendgrid\/mail 8\.1\.6 takes no signal/)
    }
    // Every other row still applies to stripe-node.
    expect(AUDIT_CASES.filter((r) => !appliesTo(r, 'stripe')).map((r) => r.id)).toEqual(expect.arrayContaining(ROWS))
  })
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
