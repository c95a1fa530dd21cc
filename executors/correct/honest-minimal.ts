// honest-minimal — style: the smallest executor that
// never lies. Plain fetch, one send per ask; anything
// ambiguous stays UNKNOWN (no probe, no resend).
// Longer than most because each zoo member is one file.
import { createHash } from 'node:crypto'
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

/** No side effect starts with less left of the turn. */
const MIN_BUDGET_TO_SEND_MS = 3_000
/** Time kept back to write the outcome and answer. */
const ANSWER_RESERVE_MS = 800
/** Longest wait for one response. */
const MAX_REQUEST_TIMEOUT_MS = 10_000
const SENDER = 'Support <support@shop.test>'

type Status = 'intent' | 'succeeded' | 'failed' | 'rejected' | 'unknown'

interface Op {
  key: string
  run_id: string
  step_id: string
  tool: string
  service: 'payments' | 'email'
  path: string
  body: string
  status: Status
  effect_type: string
  effect_id: string | null
  not_before: number
  note: string
}

interface Planned {
  readonly service: 'payments' | 'email'
  readonly path: string
  readonly body: string
  readonly effectType: string
}

type Sent =
  | { kind: 'ok'; id: string }
  | { kind: 'refused'; message: string } // 400/404/422: the service will not do it
  | { kind: 'throttled'; retryAfterMs: number; message: string } // 429: not done, try later
  | { kind: 'not-sent'; message: string } // connection refused, name not resolved
  | { kind: 'ambiguous'; message: string } // anything else

const envelope = (
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

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** 49.9 or "49.90" → 4990; null unless positive. */
function minorUnits(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN
  if (!Number.isFinite(n) || n <= 0) return null
  const minor = Math.round(n * 100)
  return minor > 0 ? minor : null
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
}

/** The arguments' identity, or why it has none. */
function identityOf(tool: string, args: Readonly<Record<string, unknown>>): Record<string, string | number> | string {
  const order = text(args.order_id)?.toUpperCase() ?? null
  if (tool === 'issue_refund') {
    const pi = text(args.payment_intent)
    const amount = minorUnits(args.amount)
    const currency = text(args.currency)?.toLowerCase() ?? null
    if (!pi || amount === null || !currency || !order)
      return 'issue_refund needs payment_intent, a positive amount, currency and order_id'
    return { payment_intent: pi, amount, currency, order_id: order }
  }
  if (tool === 'charge_card') {
    const amount = minorUnits(args.amount)
    const currency = text(args.currency)?.toLowerCase() ?? null
    if (amount === null || !currency || !order) return 'charge_card needs order_id, a positive amount and currency'
    return { order_id: order, amount, currency }
  }
  if (tool === 'send_email') {
    const to = text(args.to)?.toLowerCase() ?? null
    const template = text(args.template)?.toLowerCase() ?? null
    if (!to || !template || !order) return 'send_email needs to, template and order_id'
    return { to, template, order_id: order }
  }
  return `unknown tool ${tool}`
}

function plan(tool: string, id: Record<string, string | number>, key: string): Planned {
  if (tool === 'issue_refund') {
    const body = new URLSearchParams({
      payment_intent: String(id.payment_intent),
      amount: String(id.amount),
      'metadata[client_reference]': key,
      'metadata[order_id]': String(id.order_id),
    })
    return { service: 'payments', path: '/v1/refunds', body: body.toString(), effectType: 'refund' }
  }
  if (tool === 'charge_card') {
    const body = new URLSearchParams({
      amount: String(id.amount),
      currency: String(id.currency),
      confirm: 'true',
      'metadata[client_reference]': key,
      'metadata[order_id]': String(id.order_id),
    })
    return { service: 'payments', path: '/v1/payment_intents', body: body.toString(), effectType: 'charge' }
  }
  const order = String(id.order_id)
  const template = String(id.template)
  return {
    service: 'email',
    path: '/emails',
    effectType: 'email',
    body: JSON.stringify({
      from: SENDER,
      to: [String(id.to)],
      subject: `${template.replace(/_/g, ' ')} for order ${order}`,
      text: `Hello, this is the ${template.replace(/_/g, ' ')} for your order ${order}.`,
      tags: [
        { name: 'client_reference', value: key },
        { name: 'order_id', value: order.replace(/[^A-Za-z0-9_-]/g, '_') },
      ],
    }),
  }
}

function errorCode(e: unknown): string | undefined {
  let cur: unknown = e
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string') return code
    cur = (cur as { cause?: unknown }).cause
  }
  return undefined
}

function retryAfterMs(h: string | null): number {
  if (h === null) return 1_000
  const s = Number(h)
  if (Number.isFinite(s) && s >= 0) return s * 1000
  const at = Date.parse(h)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1_000
}

async function send(base: string, p: Planned, key: string, timeoutMs: number): Promise<Sent> {
  let res: Response
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    res = await fetch(`${base}${p.path}`, {
      method: 'POST',
      headers: {
        'content-type': p.service === 'payments' ? 'application/x-www-form-urlencoded' : 'application/json',
        'idempotency-key': key,
        authorization: p.service === 'payments' ? 'Bearer sk_test_honest' : 'Bearer re_test_honest',
      },
      body: p.body,
      signal: controller.signal,
    })
  } catch (e) {
    clearTimeout(timer)
    const code = errorCode(e)
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return { kind: 'not-sent', message: `the connection could not be made (${code})` }
    return { kind: 'ambiguous', message: `the request failed in flight (${code ?? (e as Error).name ?? 'error'})` }
  }
  try {
    const raw = await res.text()
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(raw) as Record<string, unknown>
    } catch {
      // an HTML page from a gateway, say
    }
    if (res.status >= 200 && res.status < 300) {
      const id = typeof json.id === 'string' ? json.id : null
      if (p.effectType === 'charge' && json.status !== 'succeeded')
        return { kind: 'ambiguous', message: `the charge came back ${String(json.status)}` }
      return id ? { kind: 'ok', id } : { kind: 'ambiguous', message: `HTTP ${res.status} without an id` }
    }
    const err = (json.error ?? {}) as { type?: string; message?: string }
    const message = err.message ?? (typeof json.message === 'string' ? json.message : `HTTP ${res.status}`)
    // Key reused with other parameters: an earlier
    // request exists, not a refusal (docs/vendors.md S6).
    if (err.type === 'idempotency_error') return { kind: 'ambiguous', message }
    if (res.status === 400 || res.status === 404 || res.status === 422) return { kind: 'refused', message }
    if (res.status === 429)
      return { kind: 'throttled', retryAfterMs: retryAfterMs(res.headers.get('retry-after')), message }
    return { kind: 'ambiguous', message: `HTTP ${res.status}: ${message}` }
  } catch (e) {
    return { kind: 'ambiguous', message: `the response was cut off (${errorCode(e) ?? (e as Error).name})` }
  } finally {
    clearTimeout(timer)
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

class HonestMinimal implements ExecutorProcess {
  readonly #ctx: BootContext
  readonly #db: ReturnType<BootContext['storage']['sqlite']>

  constructor(ctx: BootContext) {
    this.#ctx = ctx
    this.#db = ctx.storage.sqlite('honest_minimal')
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ops (
      key TEXT PRIMARY KEY, run_id TEXT NOT NULL, step_id TEXT NOT NULL, tool TEXT NOT NULL,
      service TEXT NOT NULL, path TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL,
      effect_type TEXT NOT NULL, effect_id TEXT, not_before INTEGER NOT NULL DEFAULT 0, note TEXT NOT NULL DEFAULT '',
      seq INTEGER NOT NULL)`)
  }

  #get(key: string): Op | undefined {
    return this.#db.prepare('SELECT * FROM ops WHERE key = ?').get(key) as Op | undefined
  }

  #insert(op: Omit<Op, 'status' | 'effect_id' | 'not_before' | 'note'>): void {
    this.#db
      .prepare(`INSERT INTO ops (key, run_id, step_id, tool, service, path, body, status, effect_type, effect_id, not_before, note, seq)
        VALUES (?, ?, ?, ?, ?, ?, ?, 'intent', ?, NULL, 0, '', (SELECT COALESCE(MAX(seq), 0) + 1 FROM ops))`)
      .run(op.key, op.run_id, op.step_id, op.tool, op.service, op.path, op.body, op.effect_type)
  }

  #set(key: string, status: Status, effectId: string | null, notBefore: number, note: string): void {
    this.#db
      .prepare('UPDATE ops SET status = ?, effect_id = ?, not_before = ?, note = ? WHERE key = ?')
      .run(status, effectId, notBefore, note, key)
  }

  /** One send of a recorded intent; outcome saved. */
  async #attempt(op: Op, deadline: number): Promise<Envelope> {
    const remaining = deadline - Date.now()
    if (op.not_before > Date.now()) {
      const wait = op.not_before - Date.now()
      if (remaining - wait < MIN_BUDGET_TO_SEND_MS) {
        return envelope(
          'FAILED_NO_EFFECT',
          true,
          null,
          'not-started',
          `Not sent: the service asked us to wait until ${new Date(op.not_before).toISOString()}, past what this turn allows.`,
        )
      }
      await sleep(wait)
    }
    const left = deadline - Date.now()
    if (left < MIN_BUDGET_TO_SEND_MS)
      return envelope(
        'FAILED_NO_EFFECT',
        true,
        null,
        'refused-budget',
        'Not sent: too little time is left in this turn to do it safely.',
      )
    // Marked before it leaves: a crash from here on
    // leaves an intent only a person can settle.
    this.#set(op.key, 'intent', null, 0, 'sending')
    const base = op.service === 'payments' ? this.#ctx.services.payments : this.#ctx.services.email
    const sent = await send(
      base,
      { service: op.service, path: op.path, body: op.body, effectType: op.effect_type },
      op.key,
      Math.min(MAX_REQUEST_TIMEOUT_MS, left - ANSWER_RESERVE_MS),
    )
    switch (sent.kind) {
      case 'ok':
        this.#set(op.key, 'succeeded', sent.id, 0, 'confirmed')
        return envelope(
          'SUCCEEDED',
          true,
          { type: op.effect_type, id: sent.id },
          'sent',
          `Done: ${op.effect_type} ${sent.id}.`,
        )
      case 'refused':
        this.#set(op.key, 'rejected', null, 0, sent.message)
        return envelope(
          'FAILED_NO_EFFECT',
          false,
          null,
          'rejected',
          `The service refused it and nothing happened: ${sent.message}`,
        )
      case 'throttled':
        this.#set(op.key, 'failed', null, Date.now() + sent.retryAfterMs, sent.message)
        return envelope(
          'FAILED_NO_EFFECT',
          true,
          null,
          'rate-limited',
          `Nothing happened: the service is rate limiting (${sent.message}); it may be asked again after ${Math.ceil(sent.retryAfterMs / 1000)} s.`,
        )
      case 'not-sent':
        this.#set(op.key, 'failed', null, 0, sent.message)
        return envelope(
          'FAILED_NO_EFFECT',
          true,
          null,
          'not-sent',
          `Nothing happened: ${sent.message}. It may be asked again.`,
        )
      case 'ambiguous':
        this.#set(op.key, 'unknown', null, 0, sent.message)
        return unknownEnvelope(op, sent.message)
    }
  }

  async callTool(call: ToolCall): Promise<Envelope> {
    const id = identityOf(call.tool, call.args)
    if (typeof id === 'string')
      return envelope('FAILED_NO_EFFECT', false, null, 'rejected-arguments', `Not sent: ${id}.`)
    const key = `hm-${sha256(JSON.stringify([call.runId, call.stepId, call.tool, id]))}`
    let op = this.#get(key)
    if (!op) {
      const p = plan(call.tool, id, key)
      this.#insert({
        key,
        run_id: call.runId,
        step_id: call.stepId,
        tool: call.tool,
        service: p.service,
        path: p.path,
        body: p.body,
        effect_type: p.effectType,
      })
      op = this.#get(key)!
    }
    switch (op.status) {
      case 'succeeded':
        return envelope(
          'SUCCEEDED',
          true,
          { type: op.effect_type, id: op.effect_id! },
          'already-done',
          `Already done: ${op.effect_type} ${op.effect_id}. Nothing was sent again.`,
        )
      case 'rejected':
        return envelope(
          'FAILED_NO_EFFECT',
          false,
          null,
          'rejected',
          `The service refused this before and nothing happened: ${op.note}`,
        )
      case 'unknown':
        return unknownEnvelope(op, op.note)
      case 'intent':
        // New (note ''), or left mid-send by a dead process.
        if (op.note === 'sending')
          return unknownEnvelope(op, 'an earlier process stopped while this request was on its way')
        return this.#attempt(op, call.deadline)
      case 'failed':
        return this.#attempt(op, call.deadline)
    }
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const ops = this.#db
      .prepare("SELECT * FROM ops WHERE run_id = ? AND tool IN ('charge_card', 'send_email') ORDER BY seq")
      .all(runId) as Op[]
    const out: Envelope[] = []
    for (const op of ops) {
      if (op.status === 'succeeded') {
        out.push({
          ...(await this.#compensate(op, deadline)),
          compensates: { type: op.effect_type, id: op.effect_id! },
        })
      } else if (op.status === 'unknown' || (op.status === 'intent' && op.note === 'sending')) {
        out.push(
          envelope(
            'UNKNOWN',
            false,
            null,
            'human-review',
            `${op.tool} for step ${op.step_id} may or may not have happened; it was not compensated. A person should check ${op.service} for reference ${op.key}.`,
          ),
        )
      }
    }
    return out
  }

  async #compensate(op: Op, deadline: number): Promise<Envelope> {
    const key = `${op.key}-undo`
    let comp = this.#get(key)
    if (!comp) {
      const target = op.effect_id!
      const p: Planned =
        op.tool === 'charge_card'
          ? {
              service: 'payments',
              path: '/v1/refunds',
              effectType: 'refund',
              body: new URLSearchParams({
                payment_intent: target,
                'metadata[client_reference]': key,
                'metadata[compensates]': target,
              }).toString(),
            }
          : {
              service: 'email',
              path: '/emails',
              effectType: 'email',
              body: JSON.stringify({
                ...(JSON.parse(op.body) as Record<string, unknown>),
                subject: 'Correction: please disregard our previous message',
                text: 'Please disregard the message we sent you a moment ago; it was sent in error.',
                tags: [
                  { name: 'client_reference', value: key },
                  { name: 'corrects', value: target },
                ],
              }),
            }
      this.#insert({
        key,
        run_id: `${op.run_id}#abort`,
        step_id: op.step_id,
        tool: `undo:${op.tool}`,
        service: p.service,
        path: p.path,
        body: p.body,
        effect_type: p.effectType,
      })
      comp = this.#get(key)!
    }
    switch (comp.status) {
      case 'succeeded':
        return envelope(
          'SUCCEEDED',
          true,
          { type: comp.effect_type, id: comp.effect_id! },
          'compensated',
          `Already compensated ${op.effect_id} with ${comp.effect_type} ${comp.effect_id}.`,
        )
      case 'rejected':
        return envelope(
          'FAILED_NO_EFFECT',
          false,
          null,
          'human-review',
          `Compensating ${op.effect_id} was refused (${comp.note}); a person must handle it.`,
        )
      case 'unknown':
        return envelope(
          'UNKNOWN',
          false,
          null,
          'human-review',
          `Compensating ${op.effect_id} may or may not have happened (${comp.note}); a person should check reference ${key}.`,
        )
      case 'intent':
        if (comp.note === 'sending')
          return envelope(
            'UNKNOWN',
            false,
            null,
            'human-review',
            `A process stopped while compensating ${op.effect_id}; a person should check reference ${key}.`,
          )
        break
      case 'failed':
        break
    }
    const result = await this.#attempt(comp, deadline)
    if (result.status === 'SUCCEEDED')
      return {
        ...result,
        action_taken: 'compensated',
        message: `Compensated ${op.effect_type} ${op.effect_id}: ${result.message}`,
      }
    return {
      ...result,
      action_taken: 'human-review',
      message: `Could not compensate ${op.effect_type} ${op.effect_id}: ${result.message}`,
    }
  }
}

function unknownEnvelope(op: Op, why: string): Envelope {
  return envelope(
    'UNKNOWN',
    false,
    null,
    'unresolved',
    `It is not known whether the ${op.effect_type} happened (${why}). Do not ask again: a person should check ${op.service} for reference ${op.key}.`,
  )
}

export const honestMinimal: Executor = {
  name: 'honest-minimal',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new HonestMinimal(ctx)
  },
}

export default honestMinimal
