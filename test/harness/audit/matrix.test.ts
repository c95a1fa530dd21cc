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

/**
 * Each module's matrix once per file: the rows'
 * own describe blocks below read the same cells
 * (a full matrix is ~280 supervised runs).
 */
const full = new Map<string, Promise<MatrixCell[]>>()

async function matrix(module: string, clients: readonly ClientName[] = ALL, runRealMs?: number): Promise<MatrixCell[]> {
  const run = () =>
    runMatrix({
      mapping: join(ROOT, module),
      label: module,
      clients,
      pool: { workers: 2, ...(runRealMs ? { budgets: { runRealMs } } : {}) },
    }).then(gradeCells)
  if (clients !== ALL || runRealMs) return run()
  if (!full.has(module)) full.set(module, run())
  return full.get(module)!
}

const example = (name: string) => matrix(`examples/mappings/${name}.ts`)

/** `row × client` of each dangerous cell, and its cost. */
function dangerous(cells: readonly MatrixCell[]): string[] {
  return cells
    .filter((c) => c.grade === 'dangerous')
    .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
    .sort()
}

/** Only the cells a row has (its `clients`). */
function cellsOf(rows: readonly string[], clients: readonly ClientName[], consequence: string): string[] {
  return rows.flatMap((r) => {
    const row = AUDIT_CASES.find((c) => c.id === r)!
    return clients.filter((c) => appliesTo(row, c)).map((c) => `${r} × ${c}: ${consequence}`)
  })
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
const GATEWAY_ERRORS = [502, 500, 503].flatMap((s) => [`gateway-error.${s}.acted`, `gateway-error.${s}.not-reached`])
const PROXY_PAGES = ['gateway-timeout.finishes', 'gateway-timeout.dies', ...GATEWAY_ERRORS]
const PROBES = ['probe-timeout.after-effect', 'probe-timeout.no-effect']
const KEY_REUSED = 'key-reused.other-request'
/** The vendors' SDKs' columns. */
const SDKS: readonly ClientName[] = ['square', 'paypal', 'ses', 'sendgrid']
/**
 * PayPal's SDK shows its own 503 and 500 as
 * it shows a proxy's (no result parsed for
 * a status the operation does not name);
 * SendGrid's, with no error code.
 */
const SERVICE_5XX_LIKE_A_PAGE: readonly ClientName[] = ['paypal', 'sendgrid']

describe('the matrix of each example mapping', () => {
  it("has a valid scenario for every cell; an SDK's cell names its vendor", () => {
    for (const row of AUDIT_CASES)
      for (const client of ALL.filter((c) => appliesTo(row, c)))
        expect(parseScenario(cellScenario(row, client)), `${row.id} × ${client}`).toMatchObject({ ok: true })
    const vendors = (client: ClientName) => cellScenario(AUDIT_CASES[0]!, client).vendors
    expect(vendors('fetch')).toBeUndefined()
    expect(vendors('square')).toEqual({ payments: 'square' })
    expect(vendors('paypal')).toEqual({ payments: 'paypal' })
    expect(vendors('ses')).toEqual({ email: 'ses' })
    expect(vendors('sendgrid')).toEqual({ email: 'sendgrid' })
  })

  it('correct.ts: no dangerous cell, every cell observed and answered', async () => {
    const cells = await example('correct')
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
    expect(truth(KEY_REUSED)).toEqual(new Set(['applied']))
    // What the clients really raised (docs/fidelity.md).
    const shown = (row: string, client: ClientName) =>
      cells.find((c) => c.case === row && c.client === client)!.observed
    expect(shown('reset-after-effect', 'fetch')).toBe(
      'TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]',
    )
    expect(shown('withhold-after-effect', 'http')).toBe('Error: socket hang up [ECONNRESET]')
    expect(shown('dropped', 'axios')).toContain('[ECONNABORTED]')
    expect(shown('connection-refused', 'resend')).toContain('status null')
  }, 240_000)

  it("the vendors' SDKs show what they raise at their defaults (docs/mapping-audit.md)", async () => {
    const cells = await example('correct')
    const shown = (row: string, client: ClientName) =>
      cells.find((c) => c.case === row && c.client === client)!.observed
    // square 46.0.0: its timeout aborts fetch with the
    // string "timeout", which its fetcher files as an
    // unknown error — not a SquareTimeoutError.
    expect(shown('withhold-after-effect', 'square')).toBe('SquareError: "timeout"')
    expect(shown('reset-after-effect', 'square')).toBe(
      'SquareError: fetch failed ← TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]',
    )
    expect(shown(KEY_REUSED, 'square')).toBe('SquareError: Status code: 400 status 400 IDEMPOTENCY_KEY_REUSED')
    expect(shown('key-in-use.in-flight', 'square')).toBe('SquareError: Status code: 409 status 409 CONFLICT')
    // PayPal: the in-flight failure, and a replay
    // (no payload compared) for another request.
    expect(shown('key-in-use.in-flight', 'paypal')).toBe(
      'CustomError (name Error):  status 409 PREVIOUS_REQUEST_IN_PROGRESS',
    )
    expect(shown(KEY_REUSED, 'paypal')).toBe('HTTP 201')
    expect(shown('withhold-after-effect', 'paypal')).toBe('AxiosError: timeout of 10000ms exceeded [ECONNABORTED]')
    expect(shown('caller-cancel.in-flight', 'paypal')).toBe('AbortError (name Error): The HTTP call was aborted.')
    // The SES client names a reset TimeoutError
    // (@smithy/node-http-handler NODEJS_TIMEOUT_ERROR_CODES),
    // and a proxy's page a SyntaxError with its status.
    expect(shown('reset-after-effect', 'ses')).toBe('Error (name TimeoutError): socket hang up [ECONNRESET]')
    expect(shown('gateway-error.502.acted', 'ses')).toMatch(/^SyntaxError: Unexpected token '<'/)
    expect(shown('gateway-error.502.acted', 'ses')).toMatch(/ status 502$/)
    expect(shown('error-response.429', 'ses')).toBe(
      'TooManyRequestsException: Maximum sending rate exceeded. status 429',
    )
    expect(shown('error-response.400', 'sendgrid')).toBe('ResponseError (name Error): Bad Request status 400')
    // Each SDK reports the 2xx it got.
    expect(SDKS.map((c) => shown('latency.slow-success', c))).toEqual(['HTTP 200', 'HTTP 201', 'HTTP 200', 'HTTP 202'])
  }, 240_000)

  it("the reference's own mapping: no dangerous cell (a used key's 400 is ambiguous: its first may have landed)", async () => {
    const cells = await matrix('executors/reference/exception-mapping.ts')
    expect(dangerous(cells)).toEqual([])
    expect(cells.find((c) => c.case === KEY_REUSED && c.client === 'fetch')?.class).toBe('ambiguous')
  }, 240_000)

  it('reset-as-not-sent.ts: the resets for every client that shows one, and every node:http timeout — duplicate effect', async () => {
    const expected = [
      ...cellsOf(RESETS, ['fetch', 'http', 'axios', 'stripe', ...SDKS], 'duplicate-effect'),
      ...cellsOf(TIMEOUTS, ['http'], 'duplicate-effect'),
      // A body cut short is a reset to them; to
      // node:http a stalled one too (`aborted`).
      ...cellsOf(['body-cut'], ['fetch', 'http', 'stripe', 'square', 'ses', 'sendgrid'], 'duplicate-effect'),
      ...cellsOf(['body-stall'], ['http'], 'duplicate-effect'),
    ]
    expect(dangerous(await example('reset-as-not-sent'))).toEqual(expected.sort())
  }, 240_000)

  it("timeout-as-rejected.ts: the client timeouts (square's is no TimeoutError), undici's own, and the SES client's resets — false failure", async () => {
    expect(dangerous(await example('timeout-as-rejected'))).toEqual(
      [
        ...cellsOf(TIMEOUTS, ['fetch', 'axios', 'stripe', 'paypal', 'ses', 'sendgrid'], 'false-failure'),
        ...cellsOf(['body-stall'], ['fetch', 'stripe', 'ses', 'sendgrid'], 'false-failure'),
        ...cellsOf(UNDICI, ['fetch', 'square'], 'false-failure'),
        // The SES client renames ECONNRESET TimeoutError.
        ...cellsOf(RESETS, ['ses'], 'false-failure'),
      ].sort(),
    )
  }, 240_000)

  it("five-xx-as-rejected.ts: every proxy's page but for stripe-node, and the services' 5xx where an SDK shows them alike — false failure", async () => {
    expect(dangerous(await example('five-xx-as-rejected'))).toEqual(
      [
        ...cellsOf(PROXY_PAGES, ['fetch', 'http', 'axios', 'resend', ...SDKS], 'false-failure'),
        // resend shows a proxy's 500 as its own 500.
        ...cellsOf(['server-fails-before-apply.500'], ['resend'], 'false-failure'),
        ...cellsOf(
          ['server-fails-before-apply.503', 'server-fails-before-apply.500', 'error-response.503'],
          SERVICE_5XX_LIKE_A_PAGE,
          'false-failure',
        ),
      ].sort(),
    )
  }, 240_000)

  it('not-2xx-as-not-sent.ts: every row where the effect may exist (and its look-alikes), for every client — duplicate effect', async () => {
    const mayHaveLanded = [
      ...TIMEOUTS,
      ...RESETS,
      ...PROXY_PAGES,
      'body-cut',
      'body-stall',
      'error-response.409',
      'key-in-use.in-flight',
      ...PROBES,
      ...UNDICI,
      ...CANCEL,
    ]
    const expected = [
      ...cellsOf(mayHaveLanded, ALL, 'duplicate-effect'),
      // PayPal replays the first refund: a 201.
      ...cellsOf(
        [KEY_REUSED],
        ALL.filter((c) => c !== 'paypal'),
        'duplicate-effect',
      ),
      // resend shows a refused connection and an unknown
      // name as a reset: `{ statusCode: null }`.
      ...cellsOf(
        ['connection-refused', 'dns-failure', 'server-fails-before-apply.500'],
        ['resend'],
        'duplicate-effect',
      ),
      ...cellsOf(
        ['server-fails-before-apply.503', 'server-fails-before-apply.500', 'error-response.503'],
        SERVICE_5XX_LIKE_A_PAGE,
        'duplicate-effect',
      ),
    ]
    expect(dangerous(await example('not-2xx-as-not-sent'))).toEqual(expected.sort())
  }, 240_000)

  it('probe-timeout-as-applied.ts: the probe timeouts for fetch, axios, stripe-node, paypal, ses — false success', async () => {
    expect(dangerous(await example('probe-timeout-as-applied'))).toEqual(
      cellsOf(PROBES, ['fetch', 'axios', 'stripe', 'paypal', 'ses'], 'false-success').sort(),
    )
  }, 240_000)

  it('abort-as-not-sent.ts: both caller-cancel rows × fetch, node:http, axios and the SES client (AbortError) — duplicate effect', async () => {
    expect(dangerous(await example('abort-as-not-sent'))).toEqual(
      cellsOf(CANCEL, ['fetch', 'http', 'axios', 'ses'], 'duplicate-effect').sort(),
    )
  }, 240_000)

  it('bad-gateway-as-not-sent.ts: both 502 rows × every client but stripe-node (no status) — duplicate effect', async () => {
    expect(dangerous(await example('bad-gateway-as-not-sent'))).toEqual(
      cellsOf(
        ['gateway-error.502.acted', 'gateway-error.502.not-reached'],
        ALL.filter((c) => c !== 'stripe'),
        'duplicate-effect',
      ).sort(),
    )
  }, 240_000)

  it('cut-body-as-not-sent.ts: the broken bodies each client names so — duplicate effect', async () => {
    expect(dangerous(await example('cut-body-as-not-sent'))).toEqual(
      [
        ...cellsOf(['body-cut'], ['fetch', 'http', 'axios', 'stripe', 'square', 'paypal'], 'duplicate-effect'),
        ...cellsOf(['body-stall'], ['http', 'axios', 'stripe', 'paypal'], 'duplicate-effect'),
        ...cellsOf(['undici-body-timeout', 'undici-body-timeout.defaults'], ['fetch', 'square'], 'duplicate-effect'),
      ].sort(),
    )
  }, 240_000)

  it("undici-timeout-as-not-sent.ts: undici's timeouts × fetch, and square's stalled body — duplicate effect", async () => {
    expect(dangerous(await example('undici-timeout-as-not-sent'))).toEqual(
      cellsOf(UNDICI, ['fetch', 'square'], 'duplicate-effect').sort(),
    )
  }, 240_000)
})

// The newer rows' cells, read from the same
// matrices (they were rows-*.test.ts's own).
describe('the newer rows, for every client', () => {
  const of = (cells: readonly MatrixCell[], rows: readonly string[]) => cells.filter((c) => rows.includes(c.case))
  const count = (rows: readonly string[]) =>
    rows.flatMap((r) => ALL.filter((c) => appliesTo(AUDIT_CASES.find((x) => x.id === r)!, c))).length

  it('body rows, correct.ts: applied in the ledger for every client, never dangerous; each client shows its own error', async () => {
    const body = ['body-cut', 'body-stall']
    const cells = of(await example('correct'), body)
    expect(cells).toHaveLength(count(body))
    expect(new Set(cells.map((c) => c.truth))).toEqual(new Set(['applied']))
    expect(dangerous(cells)).toEqual([])
    const shown = (row: string, client: string) => cells.find((c) => c.case === row && c.client === client)!.observed
    // What the clients raise on a real socket
    // (test/fidelity/body-faults.test.ts).
    expect(shown('body-cut', 'fetch')).toBe('TypeError: terminated ← SocketError: other side closed [UND_ERR_SOCKET]')
    expect(shown('body-cut', 'http')).toBe('Error: aborted [ECONNRESET]')
    expect(shown('body-cut', 'axios')).toBe('AxiosError: stream has been aborted [ERR_BAD_RESPONSE] status 200')
    expect(shown('body-cut', 'stripe')).toContain('Failed to read the response body [ECONNRESET]')
    expect(shown('body-stall', 'fetch')).toContain('TimeoutError')
    expect(shown('body-stall', 'http')).toBe('Error: aborted [ECONNRESET]')
    expect(shown('body-stall', 'axios')).toBe('AxiosError: stream has been aborted [ERR_BAD_RESPONSE] status 200')
    expect(shown('body-stall', 'stripe')).toContain('Failed to read the response body [ETIMEDOUT]')
    // square: fetch's error inside its own.
    expect(shown('body-cut', 'square')).toBe(
      'SquareError: terminated ← TypeError: terminated ← SocketError: other side closed [UND_ERR_SOCKET]',
    )
    // The SES client's deserializer gives the cut
    // body its 200 ($metadata.httpStatusCode).
    expect(shown('body-cut', 'ses')).toBe('Error: aborted [ECONNRESET] status 200')
    // axios (and PayPal's, on axios) hands over the 2xx:
    // correct.ts reads it.
    for (const client of ['axios', 'paypal'])
      expect(cells.filter((c) => c.client === client).map((c) => c.class)).toEqual(['applied', 'applied'])
  }, 240_000)

  it('caller-cancel rows: before the send never lands, in flight lands later; correct.ts right (ambiguous) in every cell', async () => {
    const cells = of(await example('correct'), CANCEL)
    expect(cells).toHaveLength(count(CANCEL))
    for (const c of cells) {
      expect(c, `${c.case} × ${c.client}`).toMatchObject({ class: 'ambiguous', grade: 'right' })
      expect(c.truth, `${c.case} × ${c.client}`).toBe(
        c.case === 'caller-cancel.before-send' ? 'not-applied' : 'depends-on-timing',
      )
    }
    // What the clients really raised (test/fidelity/caller-cancel.test.ts).
    const shown = (client: string) => new Set(cells.filter((c) => c.client === client).map((c) => c.observed))
    expect(shown('fetch')).toEqual(new Set(['DOMException (name AbortError): This operation was aborted']))
    expect(shown('http')).toEqual(
      new Set([
        'AbortError: The operation was aborted [ABORT_ERR] ← DOMException (name AbortError): This operation was aborted',
      ]),
    )
    expect(shown('axios')).toEqual(new Set(['CanceledError: canceled [ERR_CANCELED]']))
    // resend-node swallows the abort: status null.
    expect([...shown('resend')][0]).toContain('status null')
    expect(shown('square')).toEqual(
      new Set(['SquareError: The user aborted a request ← DOMException (name AbortError): This operation was aborted']),
    )
    expect(shown('paypal')).toEqual(new Set(['AbortError (name Error): The HTTP call was aborted.']))
    expect(shown('ses')).toEqual(
      new Set([
        'Error (name AbortError): Request aborted ← DOMException (name AbortError): This operation was aborted',
      ]),
    )
  }, 240_000)

  it('gateway-error rows, correct.ts: right in every cell; the truth is the ledger’s, for payments and e-mail alike', async () => {
    const all = await example('correct')
    const cells = of(all, GATEWAY_ERRORS)
    expect(cells).toHaveLength(GATEWAY_ERRORS.length * ALL.length)
    expect(cells.filter((c) => c.grade !== 'right')).toEqual([])
    for (const c of cells)
      expect(c.truth, `${c.case} × ${c.client}`).toBe(c.case.endsWith('.acted') ? 'applied' : 'not-applied')
    const cell = (row: string, client: ClientName) => all.find((c) => c.case === row && c.client === client)!
    // Each client shows the page as its own code
    // reads a non-JSON 5xx.
    expect(cell('gateway-error.502.acted', 'fetch').observed).toBe('HTTP 502 (not JSON)')
    expect(cell('gateway-error.503.not-reached', 'http').observed).toBe('HTTP 503 (not JSON)')
    // axios settle(): 5xx → ERR_BAD_RESPONSE.
    expect(cell('gateway-error.500.acted', 'axios').observed).toBe(
      'AxiosError: Request failed with status code 500 [ERR_BAD_RESPONSE] status 500',
    )
    // stripe-node RequestSender: no status at all.
    expect(cell('gateway-error.502.acted', 'stripe').observed).toBe(
      'StripeAPIError (name Error): Invalid JSON received from the Stripe API',
    )
    // resend fetchRequest: the SyntaxError branch.
    expect(cell('gateway-error.502.not-reached', 'resend').observed).toBe(
      'application_error: Internal server error. We are unable to process your request right now, please try again later. status 502',
    )
    // resend meets the proxy's page, not Resend's own
    // 500 JSON, and cannot tell them apart.
    expect(cell('server-fails-before-apply.500', 'resend').observed).toContain('An unexpected error occurred.')
    expect(cell('gateway-error.500.acted', 'resend').observed).toContain('Internal server error.')
    expect(cell('server-fails-before-apply.500', 'resend').sameAs).toContain('gateway-error.500.acted')
    // stripe-node shows every proxy page alike.
    expect(cell('gateway-error.503.acted', 'stripe').sameAs).toEqual(
      expect.arrayContaining([
        'gateway-timeout.dies',
        ...GATEWAY_ERRORS.filter((i) => i !== 'gateway-error.503.acted'),
      ]),
    )
    // PayPal's SDK parses no result for a 503 or a
    // 500: its own looks like a proxy's.
    expect(cell('error-response.503', 'paypal').sameAs).toContain('gateway-error.503.acted')
    expect(cell('error-response.503', 'square').sameAs).not.toContain('gateway-error.503.acted')
  }, 240_000)
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
    // "Correct enough": it reads a used key's 400
    // as any 4xx, rejected (its first had landed).
    expect(dangerous(cells)).toEqual([`${KEY_REUSED} × fetch: false-failure`])
  }, 120_000)
})
