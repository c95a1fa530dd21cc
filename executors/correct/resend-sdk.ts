// resend-sdk — style: the vendor SDK where one
// exists: e-mail via `resend`, payments (no SDK
// here) via node:https, one outcome policy for both.
// Longer than most because each zoo member is one file.
import { createHash } from 'node:crypto'
import https from 'node:https'
import { Resend } from 'resend'
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

const START_BUDGET_MS = 3_000
const KEEP_MS = 750
const SEND_TIMEOUT_MS = 9_500
const PROBE_TIMEOUT_MS = 4_000
const SETTLE_MS = 8_000
const SEND_LIMIT = 4

type Outcome =
  | { o: 'applied'; id: string }
  | { o: 'not-applied'; why: string; retryAfterMs?: number }
  | { o: 'refused'; why: string }
  | { o: 'maybe'; why: string; noResend?: boolean }
type Seen = { s: 'yes'; id: string } | { s: 'no' } | { s: 'cannot'; why: string; never?: boolean }

interface Rec {
  key: string
  run_id: string
  step_id: string
  driver: string // tool name, or refund_of_charge / correction
  request: string // JSON: the driver's request
  status: 'new' | 'applied' | 'refused' | 'unknown'
  effect_id: string | null
  maybe: number
  resend_ok: number
  sent_at: number
  wait_until: number
  note: string
  ord: number
}

interface Driver {
  readonly effect: string
  send(rec: Rec, timeoutMs: number): Promise<Outcome>
  probe(rec: Rec, timeoutMs: () => number): Promise<Seen>
}

function canonicalise(tool: string, a: Readonly<Record<string, unknown>>): Record<string, string | number> | null {
  const str = (x: unknown) =>
    typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isFinite(x) ? String(x) : ''
  const minor = (x: unknown) => (/^\d+(\.\d+)?$/.test(str(x)) ? Math.round(Number(str(x)) * 100) : 0)
  const c: Record<string, string | number> | null =
    tool === 'issue_refund'
      ? {
          payment_intent: str(a.payment_intent),
          amount: minor(a.amount),
          currency: str(a.currency).toLowerCase(),
          order_id: str(a.order_id).toUpperCase(),
        }
      : tool === 'charge_card'
        ? { order_id: str(a.order_id).toUpperCase(), amount: minor(a.amount), currency: str(a.currency).toLowerCase() }
        : tool === 'send_email'
          ? {
              to: str(a.to).toLowerCase(),
              template: str(a.template).toLowerCase(),
              order_id: str(a.order_id).toUpperCase(),
            }
          : null
  return c && Object.values(c).every((v) => v !== '' && v !== 0) ? c : null
}

// --- payments over node:https ---

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

function httpsCall(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | null,
  timeoutMs: number,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: Math.max(1, timeoutMs),
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
        res.on('error', reject)
        res.on('aborted', () => reject(Object.assign(new Error('response aborted'), { code: 'ECONNRESET' })))
      },
    )
    const late = () =>
      req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'CLIENT_TIMEOUT' }))
    req.on('timeout', late)
    // `timeout` is idle time: a stalled body
    // would outlast it, so bound the whole.
    const whole = setTimeout(late, Math.max(1, timeoutMs))
    req.on('close', () => clearTimeout(whole))
    req.on('error', reject)
    if (body !== null) req.write(body)
    req.end()
  })
}

function jsonOf(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function header(h: Raw['headers'], name: string): string | undefined {
  const v = h[name]
  return Array.isArray(v) ? v[0] : v
}

function seconds(v: string | undefined | null): number | undefined {
  if (v === undefined || v === null || v === '') return undefined
  const n = Number(v)
  return Number.isFinite(n) && n >= 0 ? n * 1000 : undefined
}

class PaymentsDriver implements Driver {
  readonly effect: string
  readonly #base: string
  readonly #path: '/v1/refunds' | '/v1/payment_intents'

  constructor(base: string, path: '/v1/refunds' | '/v1/payment_intents', effect: string) {
    this.#base = base
    this.#path = path
    this.effect = effect
  }

  async send(rec: Rec, timeoutMs: number): Promise<Outcome> {
    const { form } = JSON.parse(rec.request) as { form: string }
    let raw: Raw
    try {
      raw = await httpsCall(
        `${this.#base}${this.#path}`,
        'POST',
        {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': rec.key,
          authorization: 'Bearer sk_test_resend_zoo',
        },
        form,
        timeoutMs,
      )
    } catch (e) {
      const code = (e as { code?: string }).code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return { o: 'not-applied', why: `cannot connect (${code})` }
      return { o: 'maybe', why: `no answer (${code ?? (e as Error).message})` }
    }
    const body = jsonOf(raw.text)
    const err = (body.error ?? null) as { type?: string; message?: string } | null
    if (raw.status >= 200 && raw.status < 300) {
      if (typeof body.id !== 'string' || (this.effect === 'charge' && body.status !== 'succeeded'))
        return { o: 'maybe', why: `HTTP ${raw.status}, unexpected body` }
      return { o: 'applied', id: body.id }
    }
    const why = `HTTP ${raw.status}${err?.message ? `: ${err.message}` : ''}`
    if (err?.type === 'idempotency_error') return { o: 'maybe', why }
    if (err && [400, 404, 422].includes(raw.status)) return { o: 'refused', why }
    if (err && [409, 429, 503].includes(raw.status)) {
      const ra = seconds(header(raw.headers, 'retry-after'))
      return ra === undefined ? { o: 'not-applied', why } : { o: 'not-applied', why, retryAfterMs: ra }
    }
    return {
      o: 'maybe',
      why,
      noResend:
        header(raw.headers, 'stripe-should-retry') === 'false' || header(raw.headers, 'idempotent-replayed') === 'true',
    }
  }

  async probe(rec: Rec, timeoutMs: () => number): Promise<Seen> {
    const { scope } = JSON.parse(rec.request) as { scope?: string }
    let after = ''
    for (let i = 0; i < 10; i++) {
      const t = timeoutMs()
      if (t < 300) return { s: 'cannot', why: 'out of time' }
      const q = new URLSearchParams({ limit: '100' })
      if (scope) q.set('payment_intent', scope)
      if (after) q.set('starting_after', after)
      let raw: Raw
      try {
        raw = await httpsCall(
          `${this.#base}${this.#path}?${q}`,
          'GET',
          { authorization: 'Bearer sk_test_resend_zoo' },
          null,
          t,
        )
      } catch (e) {
        return { s: 'cannot', why: `lookup failed (${(e as { code?: string }).code ?? 'error'})` }
      }
      if (raw.status !== 200) return { s: 'cannot', why: `lookup answered ${raw.status}` }
      const page = jsonOf(raw.text) as {
        data?: { id: string; status?: string; metadata?: Record<string, string> }[]
        has_more?: boolean
      }
      const items = page.data ?? []
      const hit = items.find((x) => x.metadata?.client_reference === rec.key)
      if (hit)
        return this.effect === 'charge' && hit.status !== 'succeeded'
          ? { s: 'cannot', why: `found ${hit.status}` }
          : { s: 'yes', id: hit.id }
      if (!page.has_more || items.length === 0) return { s: 'no' }
      after = items[items.length - 1]!.id
    }
    return { s: 'cannot', why: 'list too long' }
  }
}

// --- e-mail through the Resend SDK ---

class EmailDriver implements Driver {
  readonly effect = 'email'
  readonly #resend: Resend

  constructor(base: string) {
    this.#resend = new Resend('re_test_zoo', { baseUrl: base })
  }

  async send(rec: Rec, timeoutMs: number): Promise<Outcome> {
    const { email } = JSON.parse(rec.request) as {
      email: { from: string; to: string[]; subject: string; text: string; tags: { name: string; value: string }[] }
    }
    const { data, error, headers } = await this.#resend.emails.send(email, {
      idempotencyKey: rec.key,
      signal: AbortSignal.timeout(Math.max(1, timeoutMs)),
    })
    if (data?.id) return { o: 'applied', id: data.id }
    if (!error) return { o: 'maybe', why: 'no id in the answer' }
    const why = `${error.name}${error.statusCode ? ` (HTTP ${error.statusCode})` : ''}: ${error.message}`
    // The SDK never throws: any network failure is
    // statusCode null (docs/vendors.md R5), so a maybe.
    if (error.statusCode === null) return { o: 'maybe', why }
    if (error.name === 'invalid_idempotent_request') return { o: 'maybe', why }
    if (
      error.name === 'concurrent_idempotent_requests' ||
      error.name === 'rate_limit_exceeded' ||
      error.statusCode === 429 ||
      (error.statusCode === 503 && error.name === 'application_error' && headers?.['content-type']?.includes('json'))
    ) {
      const ra = seconds(headers?.['retry-after'])
      return ra === undefined ? { o: 'not-applied', why } : { o: 'not-applied', why, retryAfterMs: ra }
    }
    if ([400, 404, 422].includes(error.statusCode) && error.name !== 'application_error') return { o: 'refused', why }
    return { o: 'maybe', why }
  }

  async probe(rec: Rec, timeoutMs: () => number): Promise<Seen> {
    const t = timeoutMs()
    if (t < 300) return { s: 'cannot', why: 'out of time' }
    const res = await this.#resend.get<{ tag?: string; data: { id: string }[] }>(
      `/emails?tag=${encodeURIComponent(`client_reference:${rec.key}`)}`,
      { signal: AbortSignal.timeout(t) },
    )
    if (res.error) {
      if (res.error.statusCode === 404) return { s: 'cannot', why: 'the e-mail service has no lookup', never: true }
      return { s: 'cannot', why: `lookup failed (${res.error.name})` }
    }
    // Resend's list ignores tags (docs/vendors.md R4):
    // only a reply naming our tag is a lookup.
    if (res.data?.tag !== `client_reference:${rec.key}`)
      return { s: 'cannot', why: 'the e-mail service has no lookup by reference', never: true }
    const first = res.data?.data?.[0]
    return first ? { s: 'yes', id: first.id } : { s: 'no' }
  }
}

// --- the executor ---

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

class ResendSdkExecutor implements ExecutorProcess {
  readonly #db: ReturnType<BootContext['storage']['sqlite']>
  readonly #drivers: Record<string, Driver>

  constructor(ctx: BootContext) {
    const email = new EmailDriver(ctx.services.email)
    const refunds = new PaymentsDriver(ctx.services.payments, '/v1/refunds', 'refund')
    this.#drivers = {
      issue_refund: refunds,
      charge_card: new PaymentsDriver(ctx.services.payments, '/v1/payment_intents', 'charge'),
      send_email: email,
      refund_of_charge: refunds,
      correction: email,
    }
    this.#db = ctx.storage.sqlite('resend_sdk')
    this.#db.exec(`CREATE TABLE IF NOT EXISTS recs (key TEXT PRIMARY KEY, run_id TEXT, step_id TEXT, driver TEXT, request TEXT, status TEXT,
      effect_id TEXT, maybe INTEGER, resend_ok INTEGER, sent_at INTEGER, wait_until INTEGER, note TEXT, ord INTEGER)`)
  }

  #load(key: string): Rec | undefined {
    return this.#db.prepare('SELECT * FROM recs WHERE key = ?').get(key) as Rec | undefined
  }

  #ensure(key: string, runId: string, stepId: string, driver: string, request: unknown): Rec {
    this.#db
      .prepare(
        "INSERT OR IGNORE INTO recs VALUES (?, ?, ?, ?, ?, 'new', NULL, 0, 1, 0, 0, '', (SELECT COALESCE(MAX(ord), 0) + 1 FROM recs))",
      )
      .run(key, runId, stepId, driver, JSON.stringify(request))
    return this.#load(key)!
  }

  #save(r: Rec): void {
    this.#db
      .prepare(
        'UPDATE recs SET status = ?, effect_id = ?, maybe = ?, resend_ok = ?, sent_at = ?, wait_until = ?, note = ? WHERE key = ?',
      )
      .run(r.status, r.effect_id, r.maybe, r.resend_ok, r.sent_at, r.wait_until, r.note, r.key)
  }

  async #complete(key: string, deadline: number): Promise<Envelope> {
    let r = this.#load(key)!
    const d = this.#drivers[r.driver]!
    const spendable = () => deadline - Date.now() - KEEP_MS
    const probeTimeout = () => Math.min(PROBE_TIMEOUT_MS, spendable())
    let sends = 0
    let backoff = 250
    for (;;) {
      if (r.status === 'applied')
        return {
          status: 'SUCCEEDED',
          retry_safe: true,
          effect: { type: d.effect, id: r.effect_id! },
          action_taken: sends ? 'sent' : r.note === 'found by lookup' ? 'probed-found' : 'already-done',
          message: `${d.effect} ${r.effect_id} is done.`,
        }
      if (r.status === 'refused')
        return {
          status: 'FAILED_NO_EFFECT',
          retry_safe: false,
          effect: null,
          action_taken: 'rejected',
          message: `Refused; nothing happened (${r.note}).`,
        }
      if (r.status === 'unknown') return this.#unknown(r, d, r.note)

      if (r.maybe) {
        let seen = await d.probe(r, probeTimeout)
        const settleLeft = r.sent_at + SETTLE_MS - Date.now()
        if (seen.s === 'no' && settleLeft > 0) {
          if (spendable() - settleLeft < START_BUDGET_MS) return this.#unknown(r, d, r.note)
          await sleep(settleLeft)
          seen = await d.probe(r, probeTimeout)
        }
        if (seen.s === 'yes') {
          r = { ...r, status: 'applied', effect_id: seen.id, note: 'found by lookup' }
          this.#save(r)
          continue
        }
        if (seen.s === 'cannot') {
          if (seen.never) {
            r = { ...r, status: 'unknown', note: `${r.note}; ${seen.why}, so it cannot be checked or safely resent` }
            this.#save(r)
          }
          return this.#unknown(r, d, seen.s === 'cannot' ? `${r.note}; ${seen.why}` : r.note)
        }
        if (!r.resend_ok) {
          r = { ...r, status: 'unknown', note: `${r.note}; not found, and a resend would only replay the error` }
          this.#save(r)
          continue
        }
      }

      if (r.wait_until > Date.now()) {
        if (spendable() - (r.wait_until - Date.now()) < START_BUDGET_MS)
          return this.#notDone(r, d, 'the service asked for more time than this turn has')
        await sleep(r.wait_until - Date.now())
      }
      if (spendable() < START_BUDGET_MS) return this.#notDone(r, d, 'too little time left in this turn')
      if (sends >= SEND_LIMIT) return this.#notDone(r, d, `stopped after ${sends} tries (${r.note})`)

      const earlier = r.maybe
      r = { ...r, maybe: 1, sent_at: Date.now(), note: 'sending' }
      this.#save(r)
      sends++
      const out = await d.send(r, Math.min(SEND_TIMEOUT_MS, spendable()))
      if (out.o === 'applied') r = { ...r, status: 'applied', effect_id: out.id, note: 'confirmed' }
      else if (out.o === 'refused')
        r = earlier
          ? { ...r, status: 'unknown', note: `${out.why}, after an earlier send that may have landed` }
          : { ...r, status: 'refused', maybe: 0, note: out.why }
      else if (out.o === 'not-applied') {
        r = { ...r, maybe: earlier, wait_until: Date.now() + Math.max(out.retryAfterMs ?? 0, backoff), note: out.why }
        backoff = Math.min(backoff * 2, 4_000)
      } else r = { ...r, resend_ok: out.noResend ? 0 : r.resend_ok, note: out.why }
      this.#save(r)
    }
  }

  #unknown(r: Rec, d: Driver, why: string): Envelope {
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'unresolved',
      message: `Cannot tell whether the ${d.effect} happened (${why}). Do not repeat it; reference ${r.key}.`,
    }
  }

  #notDone(r: Rec, d: Driver, why: string): Envelope {
    if (r.maybe) return this.#unknown(r, d, `${r.note}; ${why}`)
    return {
      status: 'FAILED_NO_EFFECT',
      retry_safe: true,
      effect: null,
      action_taken: 'not-sent',
      message: `Nothing happened: ${why}. It can be asked again.`,
    }
  }

  async callTool(call: ToolCall): Promise<Envelope> {
    const c = canonicalise(call.tool, call.args)
    if (!c)
      return {
        status: 'FAILED_NO_EFFECT',
        retry_safe: false,
        effect: null,
        action_taken: 'invalid-arguments',
        message: `Not sent: incomplete or invalid arguments for ${call.tool}.`,
      }
    const key = `rs-${createHash('sha256')
      .update(JSON.stringify([call.runId, call.stepId, call.tool, c]))
      .digest('hex')}`
    if (!this.#load(key)) this.#ensure(key, call.runId, call.stepId, call.tool, requestFor(call.tool, c, key))
    return this.#complete(key, call.deadline)
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const recs = this.#db
      .prepare("SELECT * FROM recs WHERE run_id = ? AND driver IN ('charge_card', 'send_email') ORDER BY ord")
      .all(runId) as Rec[]
    const out: Envelope[] = []
    for (let r of recs) {
      if (r.status === 'refused' || (r.status === 'new' && !r.maybe)) continue
      const d = this.#drivers[r.driver]!
      if (r.status !== 'applied') {
        const seen = await d.probe(r, () => Math.min(PROBE_TIMEOUT_MS, deadline - Date.now() - KEEP_MS))
        if (seen.s !== 'yes') {
          out.push({
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'human-review',
            message: `${r.driver} ${r.step_id} may have happened (${seen.s === 'cannot' ? seen.why : 'not seen'}); it was not compensated. Reference ${r.key}.`,
          })
          continue
        }
        r = { ...r, status: 'applied', effect_id: seen.id, note: 'found by lookup' }
        this.#save(r)
      }
      const target = r.effect_id!
      const undoKey = `${r.key}-undo`
      if (r.driver === 'charge_card') {
        this.#ensure(undoKey, `${runId}#undo`, r.step_id, 'refund_of_charge', {
          scope: target,
          form: new URLSearchParams({
            payment_intent: target,
            'metadata[client_reference]': undoKey,
            'metadata[undoes]': target,
          }).toString(),
        })
      } else {
        const { email } = JSON.parse(r.request) as { email: { from: string; to: string[]; subject: string } }
        this.#ensure(undoKey, `${runId}#undo`, r.step_id, 'correction', {
          email: {
            from: email.from,
            to: email.to,
            subject: `Correction — ${email.subject}`,
            text: 'Please disregard our previous e-mail: it was sent in error.',
            tags: [
              { name: 'client_reference', value: undoKey },
              { name: 'corrects', value: target },
            ],
          },
        })
      }
      const res = await this.#complete(undoKey, deadline)
      const compensates = { type: d.effect, id: target }
      out.push(
        res.status === 'SUCCEEDED'
          ? {
              ...res,
              action_taken: 'compensated',
              compensates,
              message: `Compensated ${d.effect} ${target}: ${res.message}`,
            }
          : {
              ...res,
              action_taken: 'human-review',
              compensates,
              message: `Compensation of ${d.effect} ${target} not completed: ${res.message}`,
            },
      )
    }
    return out
  }
}

function requestFor(tool: string, c: Record<string, string | number>, key: string): unknown {
  if (tool === 'issue_refund') {
    return {
      scope: c.payment_intent,
      form: new URLSearchParams({
        payment_intent: String(c.payment_intent),
        amount: String(c.amount),
        'metadata[client_reference]': key,
        'metadata[order_id]': String(c.order_id),
      }).toString(),
    }
  }
  if (tool === 'charge_card') {
    return {
      form: new URLSearchParams({
        amount: String(c.amount),
        currency: String(c.currency),
        confirm: 'true',
        'metadata[client_reference]': key,
        'metadata[order_id]': String(c.order_id),
      }).toString(),
    }
  }
  return {
    email: {
      from: 'Shop <noreply@shop.test>',
      to: [String(c.to)],
      subject: `About your order ${String(c.order_id)}`,
      text: `Your ${String(c.template).replace(/_/g, ' ')} for order ${String(c.order_id)}.`,
      tags: [{ name: 'client_reference', value: key }],
    },
  }
}

export const resendSdk: Executor = {
  name: 'resend-sdk',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new ResendSdkExecutor(ctx)
  },
}

export default resendSdk
