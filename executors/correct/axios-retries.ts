// axios-retries — style: an axios client with a careful,
// hand-written retry policy.
// Longer than most because each zoo member is one file.
import axios, { type AxiosInstance, type AxiosResponse } from 'axios'
import { createHash } from 'node:crypto'
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

const MIN_BUDGET_MS = 3_000
const REPLY_RESERVE_MS = 700
const REQUEST_TIMEOUT_CAP_MS = 10_000
const PROBE_TIMEOUT_CAP_MS = 4_000
/** A probe miss counts only this long after a send. */
const SETTLE_MS = 8_000
const MAX_SENDS_PER_ASK = 5
const BASE_BACKOFF_MS = 250
const FROM = 'Support <support@shop.test>'

type Service = 'payments' | 'email'
type State = 'open' | 'succeeded' | 'rejected' | 'unknown'

interface Row {
  key: string
  run_id: string
  step_id: string
  kind: string // tool name, or undo:<tool>
  service: Service
  path: string
  body: string
  effect_type: string
  probe_scope: string // refunds: the payment intent; others: ''
  state: State
  effect_id: string | null
  maybe_applied: number
  resend_ok: number
  last_sent_at: number
  not_before: number
  detail: string
  seq: number
}

type Attempt =
  | { readonly t: 'ok'; readonly id: string }
  | { readonly t: 'never-left'; readonly why: string }
  | { readonly t: 'busy'; readonly waitMs: number; readonly why: string } // 429 / 503: not applied, come back later
  | { readonly t: 'in-use'; readonly why: string } // 409: the key's first request still running
  | { readonly t: 'permanent'; readonly why: string }
  | { readonly t: 'maybe'; readonly why: string; readonly final?: boolean } // final: a resend only replays it

type Probe =
  | { readonly t: 'found'; readonly id: string }
  | { readonly t: 'absent' }
  | { readonly t: 'cannot'; readonly why: string }
  | { readonly t: 'unsupported'; readonly why: string } // no lookup: a miss is never believed

const reply = (
  status: Envelope['status'],
  retry_safe: boolean,
  effect: Envelope['effect'],
  action_taken: string,
  message: string,
): Envelope => ({
  status,
  retry_safe: status === 'UNKNOWN' ? false : retry_safe,
  effect,
  action_taken,
  message,
})

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

function canonical(tool: string, args: Readonly<Record<string, unknown>>): Record<string, string | number> | null {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null)
  const cents = (v: unknown) => {
    const s = str(v)
    if (s === null || !/^\d+(\.\d+)?$/.test(s)) return null
    const c = Math.round(Number(s) * 100)
    return c > 0 ? c : null
  }
  const order = str(args.order_id)?.toUpperCase()
  if (tool === 'issue_refund') {
    const pi = str(args.payment_intent),
      amount = cents(args.amount),
      currency = str(args.currency)?.toLowerCase()
    return pi && amount && currency && order ? { payment_intent: pi, amount, currency, order_id: order } : null
  }
  if (tool === 'charge_card') {
    const amount = cents(args.amount),
      currency = str(args.currency)?.toLowerCase()
    return amount && currency && order ? { order_id: order, amount, currency } : null
  }
  if (tool === 'send_email') {
    const to = str(args.to)?.toLowerCase(),
      template = str(args.template)?.toLowerCase()
    return to && template && order ? { to, template, order_id: order } : null
  }
  return null
}

function retryAfterMs(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const s = Number(value)
  if (Number.isFinite(s) && s >= 0) return Math.ceil(s * 1000)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null
}

function parse(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {}
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function classify(res: AxiosResponse<string>, effectType: string): Attempt {
  const json = parse(res.data)
  const s = res.status
  if (s >= 200 && s < 300) {
    if (typeof json.id !== 'string') return { t: 'maybe', why: `HTTP ${s} without an id` }
    if (effectType === 'charge' && json.status !== 'succeeded')
      return { t: 'maybe', why: `the payment intent is ${String(json.status)}` }
    return { t: 'ok', id: json.id }
  }
  const err = (json.error && typeof json.error === 'object' ? json.error : json) as {
    type?: string
    code?: string
    name?: string
    message?: string
  }
  const why = `HTTP ${s}${err.message ? `: ${err.message}` : ''}`
  // Key reused with another body: an earlier request
  // exists, not a refusal (docs/vendors.md S6, R1).
  if (err.type === 'idempotency_error' || err.name === 'invalid_idempotent_request') return { t: 'maybe', why }
  if (s === 409) return { t: 'in-use', why }
  if (s === 400 || s === 404 || s === 422) return { t: 'permanent', why }
  if (
    s === 429 ||
    (s === 503 && typeof json.error === 'object' && json.error !== null) ||
    (s === 503 && err.name === 'application_error')
  ) {
    return { t: 'busy', waitMs: retryAfterMs(res.headers['retry-after']) ?? 1_000, why }
  }
  // A stored 500 replays under this key: reconcile,
  // never resend (docs/vendors.md S4).
  const final = res.headers['stripe-should-retry'] === 'false' || res.headers['idempotent-replayed'] === 'true'
  return { t: 'maybe', why, final }
}

class Adapter implements ExecutorProcess {
  readonly #db: ReturnType<BootContext['storage']['sqlite']>
  readonly #http: Record<Service, AxiosInstance>

  constructor(ctx: BootContext) {
    // Every status is classified here; bodies stay text
    // (a gateway's 504 is HTML).
    const make = (baseURL: string, contentType: string, auth: string) =>
      axios.create({
        baseURL,
        headers: { 'content-type': contentType, authorization: auth },
        validateStatus: () => true,
        responseType: 'text',
        transformResponse: [(d: unknown) => d],
        transitional: { clarifyTimeoutError: true },
        maxRedirects: 0,
      })
    this.#http = {
      payments: make(ctx.services.payments, 'application/x-www-form-urlencoded', 'Bearer sk_test_axios'),
      email: make(ctx.services.email, 'application/json', 'Bearer re_test_axios'),
    }
    this.#db = ctx.storage.sqlite('axios_retries')
    this.#db.exec(`CREATE TABLE IF NOT EXISTS operation (
      key TEXT PRIMARY KEY, run_id TEXT NOT NULL, step_id TEXT NOT NULL, kind TEXT NOT NULL, service TEXT NOT NULL,
      path TEXT NOT NULL, body TEXT NOT NULL, effect_type TEXT NOT NULL, probe_scope TEXT NOT NULL, state TEXT NOT NULL,
      effect_id TEXT, maybe_applied INTEGER NOT NULL, resend_ok INTEGER NOT NULL, last_sent_at INTEGER NOT NULL, not_before INTEGER NOT NULL,
      detail TEXT NOT NULL, seq INTEGER NOT NULL)`)
  }

  // --- storage ---

  #row(key: string): Row | undefined {
    return this.#db.prepare('SELECT * FROM operation WHERE key = ?').get(key) as Row | undefined
  }

  #create(
    r: Pick<Row, 'key' | 'run_id' | 'step_id' | 'kind' | 'service' | 'path' | 'body' | 'effect_type' | 'probe_scope'>,
  ): Row {
    this.#db
      .prepare(
        `INSERT OR IGNORE INTO operation VALUES (@key, @run_id, @step_id, @kind, @service, @path, @body, @effect_type, @probe_scope,
         'open', NULL, 0, 1, 0, 0, '', (SELECT COALESCE(MAX(seq), 0) + 1 FROM operation))`,
      )
      .run(r)
    return this.#row(r.key)!
  }

  #update(
    key: string,
    fields: Partial<
      Pick<Row, 'state' | 'effect_id' | 'maybe_applied' | 'resend_ok' | 'last_sent_at' | 'not_before' | 'detail'>
    >,
  ): void {
    const cols = Object.keys(fields)
    if (cols.length === 0) return
    this.#db
      .prepare(`UPDATE operation SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE key = @key`)
      .run({ ...fields, key })
  }

  // --- requests ---

  async #send(row: Row, timeoutMs: number): Promise<Attempt> {
    try {
      const res = await this.#http[row.service].post<string>(row.path, row.body, {
        headers: { 'idempotency-key': row.key },
        timeout: timeoutMs,
        // axios's timeout is idle time on the socket:
        // a body that stalls would outlast the turn.
        signal: AbortSignal.timeout(timeoutMs),
      })
      return classify(res, row.effect_type)
    } catch (e) {
      const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        return { t: 'never-left', why: `could not connect (${code})` }
      return { t: 'maybe', why: `no answer (${code ?? (e as Error).message})` }
    }
  }

  async #probe(row: Row, deadline: number): Promise<Probe> {
    const timeout = Math.min(PROBE_TIMEOUT_CAP_MS, deadline - Date.now() - REPLY_RESERVE_MS)
    if (timeout < 500) return { t: 'cannot', why: 'no time left to check' }
    try {
      if (row.service === 'email') {
        const res = await this.#http.email.get<string>('/emails', {
          params: { tag: `client_reference:${row.key}` },
          timeout,
        })
        if (res.status === 404) return { t: 'unsupported', why: 'the e-mail service offers no lookup' }
        if (res.status !== 200) return { t: 'cannot', why: `lookup answered ${res.status}` }
        const list = parse(res.data)
        // Resend's list ignores tags (docs/vendors.md R4):
        // only a reply naming our tag is a lookup.
        if (list.tag !== `client_reference:${row.key}`)
          return { t: 'unsupported', why: 'the e-mail service offers no lookup by reference' }
        const data = list.data
        const hit = Array.isArray(data) ? (data[0] as { id?: string } | undefined) : undefined
        return hit?.id ? { t: 'found', id: hit.id } : { t: 'absent' }
      }
      const path = row.path === '/v1/refunds' ? '/v1/refunds' : '/v1/payment_intents'
      let after: string | null = null
      for (let page = 0; page < 20; page++) {
        const params: Record<string, string> = { limit: '100' }
        if (row.probe_scope) params.payment_intent = row.probe_scope
        if (after) params.starting_after = after
        const left = Math.min(timeout, deadline - Date.now() - REPLY_RESERVE_MS)
        if (left < 300) return { t: 'cannot', why: 'ran out of time while checking' }
        const res = await this.#http.payments.get<string>(path, { params, timeout: left })
        if (res.status !== 200) return { t: 'cannot', why: `list answered ${res.status}` }
        const list = parse(res.data) as {
          data?: { id: string; status?: string; metadata?: Record<string, string> }[]
          has_more?: boolean
        }
        const items = list.data ?? []
        const hit = items.find((i) => i.metadata?.client_reference === row.key)
        if (hit)
          return row.effect_type === 'charge' && hit.status !== 'succeeded'
            ? { t: 'cannot', why: `found it ${hit.status}` }
            : { t: 'found', id: hit.id }
        if (!list.has_more || items.length === 0) return { t: 'absent' }
        after = items[items.length - 1]!.id
      }
      return { t: 'cannot', why: 'too many pages' }
    } catch (e) {
      return { t: 'cannot', why: `the check failed (${(e as { code?: string }).code ?? (e as Error).message})` }
    }
  }

  // --- the retry policy ---

  /** Drive one operation to an outcome within `deadline`. */
  async #run(key: string, deadline: number): Promise<Envelope> {
    let row = this.#row(key)!
    let sends = 0
    let backoffStep = 0
    let lastWhy = row.detail
    for (;;) {
      if (row.state === 'succeeded')
        return reply(
          'SUCCEEDED',
          true,
          { type: row.effect_type, id: row.effect_id! },
          sends > 0 ? 'sent' : 'already-done',
          `Done: ${row.effect_type} ${row.effect_id}.`,
        )
      if (row.state === 'rejected')
        return reply(
          'FAILED_NO_EFFECT',
          false,
          null,
          'rejected',
          `Refused by the service; nothing happened and asking again will not help (${row.detail}).`,
        )
      if (row.state === 'unknown') return this.#unknown(row, row.detail)

      // It may have landed: reconcile before any resend.
      if (row.maybe_applied) {
        const believableAt = row.last_sent_at + SETTLE_MS
        if (believableAt > Date.now()) {
          // Look now (a hit counts at once), and again
          // once a miss can be believed.
          const early = await this.#probe(row, deadline)
          if (early.t === 'found') {
            this.#update(key, { state: 'succeeded', effect_id: early.id, detail: 'found by probe' })
            return reply(
              'SUCCEEDED',
              true,
              { type: row.effect_type, id: early.id },
              'probed-found',
              `Done: ${row.effect_type} ${early.id} (confirmed by a lookup).`,
            )
          }
          if (early.t === 'unsupported') return this.#unknown(row, `${lastWhy}; ${early.why}`)
          if (believableAt > deadline - REPLY_RESERVE_MS - MIN_BUDGET_MS) return this.#unknown(row, lastWhy)
          await wait(believableAt - Date.now())
        }
        const seen = await this.#probe(row, deadline)
        if (seen.t === 'found') {
          this.#update(key, { state: 'succeeded', effect_id: seen.id, detail: 'found by probe' })
          return reply(
            'SUCCEEDED',
            true,
            { type: row.effect_type, id: seen.id },
            'probed-found',
            `Done: ${row.effect_type} ${seen.id} (confirmed by a lookup).`,
          )
        }
        if (seen.t === 'cannot' || seen.t === 'unsupported') return this.#unknown(row, `${lastWhy}; ${seen.why}`)
        if (!row.resend_ok) {
          this.#update(key, {
            state: 'unknown',
            detail: `${lastWhy}; not found by a lookup, and a resend would only replay the error`,
          })
          return this.#unknown(row, `${lastWhy}; not found by a lookup, and a resend would only replay the error`)
        }
        // A believable clean miss: resend, same key.
      }

      // Budget, Retry-After, and the per-ask cap.
      if (row.not_before > Date.now()) {
        if (row.not_before > deadline - REPLY_RESERVE_MS - MIN_BUDGET_MS)
          return this.#notNow(row, `the service asked us to wait ${Math.ceil((row.not_before - Date.now()) / 1000)} s`)
        await wait(row.not_before - Date.now())
      }
      const left = deadline - Date.now() - REPLY_RESERVE_MS
      if (left < MIN_BUDGET_MS) return this.#notNow(row, 'too little time is left in this turn')
      if (sends >= MAX_SENDS_PER_ASK) return this.#notNow(row, `gave up after ${sends} attempts (${lastWhy})`)

      const earlierMaybe = row.maybe_applied === 1
      this.#update(key, { maybe_applied: 1, last_sent_at: Date.now(), detail: 'sending' })
      sends++
      const a = await this.#send(row, Math.min(REQUEST_TIMEOUT_CAP_MS, left))
      lastWhy = 'why' in a ? a.why : ''
      const backoff = () => Math.min(4_000, BASE_BACKOFF_MS * 2 ** backoffStep++) * (0.5 + Math.random() / 2)
      switch (a.t) {
        case 'ok':
          this.#update(key, { state: 'succeeded', effect_id: a.id, detail: 'confirmed' })
          break
        case 'permanent':
          // Never resent; after an earlier maybe, unknown.
          this.#update(
            key,
            earlierMaybe
              ? { state: 'unknown', detail: `${a.why} after an earlier attempt that may have landed` }
              : { state: 'rejected', maybe_applied: 0, detail: a.why },
          )
          break
        case 'never-left':
          this.#update(key, { maybe_applied: earlierMaybe ? 1 : 0, not_before: Date.now() + backoff(), detail: a.why })
          break
        case 'busy':
          this.#update(key, {
            maybe_applied: earlierMaybe ? 1 : 0,
            not_before: Date.now() + Math.max(a.waitMs + 50, backoff()),
            detail: a.why,
          })
          break
        case 'in-use':
          // Key in use: an earlier maybe stays one (and is
          // reconciled); else this try was just turned away.
          this.#update(key, {
            maybe_applied: earlierMaybe ? 1 : 0,
            not_before: Date.now() + Math.max(1_000, backoff()),
            detail: a.why,
          })
          break
        case 'maybe':
          this.#update(key, a.final ? { detail: a.why, resend_ok: 0 } : { detail: a.why })
          break
      }
      row = this.#row(key)!
    }
  }

  #unknown(row: Row, why: string): Envelope {
    return reply(
      'UNKNOWN',
      false,
      null,
      'unresolved',
      `Not known whether the ${row.effect_type} happened (${why}). Do not ask again; reference ${row.key} can be checked by a person.`,
    )
  }

  #notNow(row: Row, why: string): Envelope {
    if (row.maybe_applied) return this.#unknown(row, `${row.detail}; ${why}`)
    return reply('FAILED_NO_EFFECT', true, null, 'not-sent', `Nothing happened: ${why}. It is safe to ask again.`)
  }

  // --- the contract ---

  async callTool(call: ToolCall): Promise<Envelope> {
    const id = canonical(call.tool, call.args)
    if (!id)
      return reply(
        'FAILED_NO_EFFECT',
        false,
        null,
        'invalid-arguments',
        `Not sent: the arguments for ${call.tool} are incomplete or invalid.`,
      )
    const key = `ax_${createHash('sha256')
      .update(JSON.stringify({ run: call.runId, step: call.stepId, tool: call.tool, id }))
      .digest('hex')}`
    if (!this.#row(key))
      this.#create({ key, run_id: call.runId, step_id: call.stepId, kind: call.tool, ...request(call.tool, id, key) })
    return this.#run(key, call.deadline)
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const rows = this.#db
      .prepare("SELECT * FROM operation WHERE run_id = ? AND kind IN ('charge_card', 'send_email') ORDER BY seq")
      .all(runId) as Row[]
    const out: Envelope[] = []
    for (let row of rows) {
      if (row.state === 'rejected' || (row.state === 'open' && !row.maybe_applied)) continue
      if (row.state !== 'succeeded') {
        const seen = await this.#probe(row, deadline)
        if (seen.t !== 'found') {
          out.push(
            reply(
              'UNKNOWN',
              false,
              null,
              'human-review',
              `${row.kind} ${row.step_id} may have happened and could not be confirmed (${seen.t === 'absent' ? 'not found yet' : seen.why}); not compensated. Reference ${row.key}.`,
            ),
          )
          continue
        }
        this.#update(row.key, { state: 'succeeded', effect_id: seen.id, detail: 'found by probe' })
        row = this.#row(row.key)!
      }
      const undoKey = `${row.key}_undo`
      if (!this.#row(undoKey))
        this.#create({
          key: undoKey,
          run_id: runId,
          step_id: row.step_id,
          kind: `undo:${row.kind}`,
          ...compensation(row, undoKey),
        })
      const r = await this.#run(undoKey, deadline)
      const compensates = { type: row.effect_type, id: row.effect_id! }
      out.push(
        r.status === 'SUCCEEDED'
          ? {
              ...r,
              action_taken: 'compensated',
              compensates,
              message: `Compensated ${row.effect_type} ${row.effect_id}: ${r.message}`,
            }
          : {
              ...r,
              action_taken: 'human-review',
              compensates,
              message: `Compensating ${row.effect_type} ${row.effect_id} did not complete: ${r.message}`,
            },
      )
    }
    return out
  }
}

function request(
  tool: string,
  id: Record<string, string | number>,
  key: string,
): Pick<Row, 'service' | 'path' | 'body' | 'effect_type' | 'probe_scope'> {
  if (tool === 'issue_refund') {
    const body = new URLSearchParams({
      payment_intent: String(id.payment_intent),
      amount: String(id.amount),
      'metadata[client_reference]': key,
      'metadata[order_id]': String(id.order_id),
    })
    return {
      service: 'payments',
      path: '/v1/refunds',
      body: body.toString(),
      effect_type: 'refund',
      probe_scope: String(id.payment_intent),
    }
  }
  if (tool === 'charge_card') {
    const body = new URLSearchParams({
      amount: String(id.amount),
      currency: String(id.currency),
      confirm: 'true',
      'metadata[client_reference]': key,
      'metadata[order_id]': String(id.order_id),
    })
    return {
      service: 'payments',
      path: '/v1/payment_intents',
      body: body.toString(),
      effect_type: 'charge',
      probe_scope: '',
    }
  }
  const order = String(id.order_id)
  const body = {
    from: FROM,
    to: [String(id.to)],
    subject: `Order ${order}: ${String(id.template).replace(/_/g, ' ')}`,
    text: `Hello,\n\nthis is your ${String(id.template).replace(/_/g, ' ')} for order ${order}.\n`,
    tags: [{ name: 'client_reference', value: key }],
  }
  return { service: 'email', path: '/emails', body: JSON.stringify(body), effect_type: 'email', probe_scope: '' }
}

function compensation(
  original: Row,
  key: string,
): Pick<Row, 'service' | 'path' | 'body' | 'effect_type' | 'probe_scope'> {
  const target = original.effect_id!
  if (original.kind === 'charge_card') {
    const body = new URLSearchParams({
      payment_intent: target,
      reason: 'requested_by_customer',
      'metadata[client_reference]': key,
      'metadata[compensates]': target,
    })
    return {
      service: 'payments',
      path: '/v1/refunds',
      body: body.toString(),
      effect_type: 'refund',
      probe_scope: target,
    }
  }
  const first = JSON.parse(original.body) as { from: string; to: string[]; subject: string }
  const body = {
    from: first.from,
    to: first.to,
    subject: `Correction: ${first.subject}`,
    text: 'Please disregard our previous message; it was sent in error.\n',
    tags: [
      { name: 'client_reference', value: key },
      { name: 'corrects', value: target },
    ],
  }
  return { service: 'email', path: '/emails', body: JSON.stringify(body), effect_type: 'email', probe_scope: '' }
}

export const axiosRetries: Executor = {
  name: 'axios-retries',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new Adapter(ctx)
  },
}

export default axiosRetries
