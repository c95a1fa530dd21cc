// webcrypto-keys — style: portable Web-platform
// code: crypto.subtle keys, fetch with
// AbortSignal.timeout, an append-only journal.
// Longer than most because each zoo member is one file.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

const MIN_SEND_BUDGET_MS = 3_000
const RESERVE_MS = 750
const SEND_TIMEOUT_MAX_MS = 9_000
const PROBE_TIMEOUT_MAX_MS = 4_000
/** A miss counts only this long after a send (read lag). */
const READ_SETTLE_MS = 8_000
const MAX_SENDS = 4

type Answer = 'applied' | 'not-applied' | 'refused' | 'maybe' | 'maybe-final'
type JournalEvent =
  | {
      e: 'planned'
      kind: string
      service: 'payments' | 'email'
      path: string
      body: string
      effect: string
      scope: string
    }
  | { e: 'sending'; at: number }
  | { e: 'answer'; a: Answer; id?: string; why: string; notBefore?: number }
  | { e: 'probe'; found: string | null; believable: boolean }

interface OpState {
  key: string
  runId: string
  stepId: string
  plan: Extract<JournalEvent, { e: 'planned' }>
  appliedId: string | null
  refused: string | null
  maybe: boolean
  resendable: boolean
  lastSentAt: number
  notBefore: number
  why: string
  inFlight: boolean
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')

async function keyFor(parts: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(parts)))
  return `wc-${hex(digest)}`
}

function canonicalArgs(
  tool: string,
  a: Readonly<Record<string, unknown>>,
): Record<string, string | number> | undefined {
  const s = (v: unknown) =>
    typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''
  const minor = (v: unknown) => {
    const n = Number(s(v))
    return s(v) !== '' && Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0
  }
  const order = s(a.order_id).toUpperCase()
  switch (tool) {
    case 'issue_refund': {
      const out = {
        payment_intent: s(a.payment_intent),
        amount: minor(a.amount),
        currency: s(a.currency).toLowerCase(),
        order_id: order,
      }
      return out.payment_intent && out.amount && out.currency && out.order_id ? out : undefined
    }
    case 'charge_card': {
      const out = { order_id: order, amount: minor(a.amount), currency: s(a.currency).toLowerCase() }
      return out.amount && out.currency && out.order_id ? out : undefined
    }
    case 'send_email': {
      const out = { to: s(a.to).toLowerCase(), template: s(a.template).toLowerCase(), order_id: order }
      return out.to && out.template && out.order_id ? out : undefined
    }
    default:
      return undefined
  }
}

function planFor(
  tool: string,
  c: Record<string, string | number>,
  key: string,
): Extract<JournalEvent, { e: 'planned' }> {
  const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
  if (tool === 'issue_refund') {
    return {
      e: 'planned',
      kind: tool,
      service: 'payments',
      path: '/v1/refunds',
      effect: 'refund',
      scope: String(c.payment_intent),
      body: form({
        payment_intent: String(c.payment_intent),
        amount: String(c.amount),
        'metadata[client_reference]': key,
        'metadata[order_id]': String(c.order_id),
      }),
    }
  }
  if (tool === 'charge_card') {
    return {
      e: 'planned',
      kind: tool,
      service: 'payments',
      path: '/v1/payment_intents',
      effect: 'charge',
      scope: '',
      body: form({
        amount: String(c.amount),
        currency: String(c.currency),
        confirm: 'true',
        'metadata[client_reference]': key,
        'metadata[order_id]': String(c.order_id),
      }),
    }
  }
  return {
    e: 'planned',
    kind: tool,
    service: 'email',
    path: '/emails',
    effect: 'email',
    scope: '',
    body: JSON.stringify({
      from: 'Orders <orders@shop.test>',
      to: [String(c.to)],
      subject: `Order ${String(c.order_id)} — ${String(c.template).replace(/_/g, ' ')}`,
      html: `<p>This is the ${String(c.template).replace(/_/g, ' ')} for order ${String(c.order_id)}.</p>`,
      tags: [{ name: 'client_reference', value: key }],
    }),
  }
}

function fold(key: string, runId: string, stepId: string, events: JournalEvent[]): OpState {
  const plan = events.find((x): x is Extract<JournalEvent, { e: 'planned' }> => x.e === 'planned')!
  const st: OpState = {
    key,
    runId,
    stepId,
    plan,
    appliedId: null,
    refused: null,
    maybe: false,
    resendable: true,
    lastSentAt: 0,
    notBefore: 0,
    why: '',
    inFlight: false,
  }
  for (const ev of events) {
    if (ev.e === 'sending') {
      st.inFlight = true
      st.lastSentAt = ev.at
    } else if (ev.e === 'answer') {
      st.inFlight = false
      st.why = ev.why
      if (ev.notBefore) st.notBefore = ev.notBefore
      if (ev.a === 'applied') st.appliedId = ev.id ?? null
      else if (ev.a === 'refused') st.refused = ev.why
      else if (ev.a === 'maybe') st.maybe = true
      else if (ev.a === 'maybe-final') {
        st.maybe = true
        st.resendable = false
      }
    } else if (ev.e === 'probe' && ev.found) {
      st.appliedId = ev.found
    }
  }
  // A send with no answer (the process died): a maybe.
  if (st.inFlight) st.maybe = true
  return st
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

function retryAfter(h: string | null): number | undefined {
  if (!h) return undefined
  const n = Number(h)
  if (Number.isFinite(n)) return Math.max(0, n * 1000)
  const d = Date.parse(h)
  return Number.isFinite(d) ? Math.max(0, d - Date.now()) : undefined
}

function causeCode(e: unknown): string {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    const c = (x as { code?: unknown }).code
    if (typeof c === 'string') return c
  }
  return (e as Error)?.name ?? 'Error'
}

class WebCryptoExecutor implements ExecutorProcess {
  readonly #services: BootContext['services']
  readonly #db: ReturnType<BootContext['storage']['sqlite']>

  constructor(ctx: BootContext) {
    this.#services = ctx.services
    this.#db = ctx.storage.sqlite('webcrypto_journal')
    this.#db.exec(
      'CREATE TABLE IF NOT EXISTS journal (n INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, run_id TEXT NOT NULL, step_id TEXT NOT NULL, event TEXT NOT NULL)',
    )
  }

  #append(op: Pick<OpState, 'key' | 'runId' | 'stepId'>, ev: JournalEvent): void {
    this.#db
      .prepare('INSERT INTO journal (op, run_id, step_id, event) VALUES (?, ?, ?, ?)')
      .run(op.key, op.runId, op.stepId, JSON.stringify(ev))
  }

  #load(key: string): OpState | null {
    const rows = this.#db.prepare('SELECT run_id, step_id, event FROM journal WHERE op = ? ORDER BY n').all(key) as {
      run_id: string
      step_id: string
      event: string
    }[]
    if (rows.length === 0) return null
    return fold(
      key,
      rows[0]!.run_id,
      rows[0]!.step_id,
      rows.map((r) => JSON.parse(r.event) as JournalEvent),
    )
  }

  async #post(op: OpState, timeoutMs: number): Promise<{ a: Answer; id?: string; why: string; notBefore?: number }> {
    const p = op.plan
    let res: Response
    try {
      res = await fetch(`${this.#services[p.service]}${p.path}`, {
        method: 'POST',
        headers: {
          'content-type': p.service === 'email' ? 'application/json' : 'application/x-www-form-urlencoded',
          'idempotency-key': op.key,
        },
        body: p.body,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (e) {
      const code = causeCode(e)
      // Refused or unresolved: it never left. Back off a bit.
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
        return {
          a: 'not-applied',
          why: `connection failed (${code})`,
          notBefore: Date.now() + 150 + Math.random() * 250,
        }
      return { a: 'maybe', why: `no response (${code})` }
    }
    let body: Record<string, unknown> = {}
    try {
      body = (await res.json()) as Record<string, unknown>
    } catch {
      // not JSON (a gateway page) or cut off
    }
    if (res.ok) {
      const id = typeof body.id === 'string' ? body.id : ''
      if (!id || (p.effect === 'charge' && body.status !== 'succeeded'))
        return { a: 'maybe', why: `HTTP ${res.status} with an unexpected body` }
      return { a: 'applied', id, why: 'confirmed' }
    }
    const err = (typeof body.error === 'object' && body.error ? body.error : body) as {
      type?: string
      name?: string
      message?: string
    }
    const why = `HTTP ${res.status}${err.message ? ` (${err.message})` : ''}`
    const serviceSaidSo = typeof err.message === 'string' // the service's own JSON error, not a proxy's page
    if (err.type === 'idempotency_error' || err.name === 'invalid_idempotent_request') return { a: 'maybe', why }
    if ([400, 404, 422].includes(res.status) && serviceSaidSo) return { a: 'refused', why }
    if ((res.status === 429 || res.status === 503) && serviceSaidSo)
      return { a: 'not-applied', why, notBefore: Date.now() + (retryAfter(res.headers.get('retry-after')) ?? 1_000) }
    // In use by a request still in flight (an
    // earlier process's, say): it may land.
    if (res.status === 409 && serviceSaidSo) return { a: 'maybe', why }
    if (res.headers.get('stripe-should-retry') === 'false' || res.headers.get('idempotent-replayed') === 'true')
      return { a: 'maybe-final', why }
    return { a: 'maybe', why }
  }

  /** Id, null if absent, 'error', or 'unsupported' (no lookup). */
  async #probe(op: OpState, deadline: number): Promise<string | null | 'error' | 'unsupported'> {
    const p = op.plan
    const timeout = Math.min(PROBE_TIMEOUT_MAX_MS, deadline - Date.now() - RESERVE_MS)
    if (timeout < 300) return 'error'
    try {
      if (p.service === 'email') {
        const res = await fetch(
          `${this.#services.email}/emails?tag=${encodeURIComponent(`client_reference:${op.key}`)}`,
          { signal: AbortSignal.timeout(timeout) },
        )
        if (res.status === 404) return 'unsupported'
        if (!res.ok) return 'error'
        const list = (await res.json()) as { tag?: string; data?: { id: string }[] }
        // Resend's list ignores tags (docs/vendors.md R4):
        // only a reply naming our tag is a lookup.
        if (list.tag !== `client_reference:${op.key}`) return 'unsupported'
        return list.data?.[0]?.id ?? null
      }
      let cursor = ''
      for (let page = 0; page < 10; page++) {
        const q = new URLSearchParams({ limit: '100' })
        if (p.scope) q.set('payment_intent', p.scope)
        if (cursor) q.set('starting_after', cursor)
        const res = await fetch(
          `${this.#services.payments}${p.path === '/v1/refunds' ? '/v1/refunds' : '/v1/payment_intents'}?${q}`,
          { signal: AbortSignal.timeout(timeout) },
        )
        if (!res.ok) return 'error'
        const list = (await res.json()) as {
          data: { id: string; status?: string; metadata?: Record<string, string> }[]
          has_more: boolean
        }
        const hit = list.data.find((x) => x.metadata?.client_reference === op.key)
        if (hit) return p.effect === 'charge' && hit.status !== 'succeeded' ? 'error' : hit.id
        if (!list.has_more || list.data.length === 0) return null
        cursor = list.data[list.data.length - 1]!.id
      }
      return 'error'
    } catch {
      return 'error'
    }
  }

  async #reconcile(op: OpState, deadline: number): Promise<OpState> {
    const found = await this.#probe(op, deadline)
    if (typeof found === 'string' && found !== 'error' && found !== 'unsupported')
      this.#append(op, { e: 'probe', found, believable: true })
    else if (found === null)
      this.#append(op, { e: 'probe', found: null, believable: Date.now() >= op.lastSentAt + READ_SETTLE_MS })
    return this.#load(op.key)!
  }

  async #drive(key: string, deadline: number): Promise<Envelope> {
    let op = this.#load(key)!
    for (let sends = 0; ; ) {
      if (op.appliedId)
        return {
          status: 'SUCCEEDED',
          retry_safe: true,
          effect: { type: op.plan.effect, id: op.appliedId },
          action_taken: sends ? 'sent' : 'confirmed',
          message: `${op.plan.effect} ${op.appliedId} is done.`,
        }
      if (op.refused && !op.maybe)
        return {
          status: 'FAILED_NO_EFFECT',
          retry_safe: false,
          effect: null,
          action_taken: 'rejected',
          message: `Refused by the service, nothing happened: ${op.refused}`,
        }
      if (op.refused) return this.#unknown(op, `${op.refused}, after an earlier send that may have landed`)

      if (op.maybe) {
        // A miss counts only once reads show the last send.
        let probe = await this.#probe(op, deadline)
        if (probe === null && Date.now() < op.lastSentAt + READ_SETTLE_MS) {
          const until = op.lastSentAt + READ_SETTLE_MS
          if (until > deadline - RESERVE_MS - MIN_SEND_BUDGET_MS) return this.#unknown(op, op.why)
          await pause(until - Date.now())
          probe = await this.#probe(op, deadline)
        }
        if (probe === 'error' || probe === 'unsupported') return this.#unknown(op, `${op.why}; it could not be checked`)
        if (probe !== null) {
          this.#append(op, { e: 'probe', found: probe, believable: true })
          op = this.#load(key)!
          continue
        }
        this.#append(op, { e: 'probe', found: null, believable: true })
        if (!op.resendable) return this.#unknown(op, `${op.why}; not found, and resending would only replay the error`)
      }

      if (op.notBefore > Date.now()) {
        if (op.notBefore > deadline - RESERVE_MS - MIN_SEND_BUDGET_MS)
          return this.#notDone(op, `the service asked to wait until ${new Date(op.notBefore).toISOString()}`)
        await pause(op.notBefore - Date.now())
      }
      const budget = deadline - Date.now() - RESERVE_MS
      if (budget < MIN_SEND_BUDGET_MS) return this.#notDone(op, 'not enough time left in this turn')
      if (sends >= MAX_SENDS) return this.#notDone(op, `stopped after ${sends} sends (${op.why})`)

      this.#append(op, { e: 'sending', at: Date.now() })
      sends++
      const answer = await this.#post(op, Math.min(SEND_TIMEOUT_MAX_MS, budget))
      this.#append(op, { e: 'answer', ...answer })
      op = this.#load(key)!
    }
  }

  #unknown(op: OpState, why: string): Envelope {
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'unresolved',
      message: `Unknown whether the ${op.plan.effect} happened: ${why}. Not retry-safe; reference ${op.key}.`,
    }
  }

  #notDone(op: OpState, why: string): Envelope {
    if (op.maybe) return this.#unknown(op, `${op.why}; ${why}`)
    return {
      status: 'FAILED_NO_EFFECT',
      retry_safe: true,
      effect: null,
      action_taken: 'not-sent',
      message: `Nothing happened: ${why}. Safe to ask again.`,
    }
  }

  async callTool(call: ToolCall): Promise<Envelope> {
    const c = canonicalArgs(call.tool, call.args)
    if (!c)
      return {
        status: 'FAILED_NO_EFFECT',
        retry_safe: false,
        effect: null,
        action_taken: 'invalid-arguments',
        message: `Not sent: ${call.tool} got incomplete or invalid arguments.`,
      }
    const key = await keyFor([call.runId, call.stepId, call.tool, c])
    if (!this.#load(key)) this.#append({ key, runId: call.runId, stepId: call.stepId }, planFor(call.tool, c, key))
    return this.#drive(key, call.deadline)
  }

  async recover(deadline: number): Promise<void> {
    const keys = this.#db.prepare('SELECT DISTINCT op FROM journal').all() as { op: string }[]
    for (const { op: key } of keys) {
      if (deadline - Date.now() < RESERVE_MS + 500) return
      const op = this.#load(key)!
      if (op.appliedId || !op.inFlight) continue
      // Left mid-send: record what a probe sees, no more.
      await this.#reconcile(op, deadline)
    }
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const keys = this.#db
      .prepare('SELECT op, MIN(n) AS first FROM journal WHERE run_id = ? GROUP BY op ORDER BY first')
      .all(runId) as { op: string }[]
    const out: Envelope[] = []
    for (const { op: key } of keys) {
      let op = this.#load(key)!
      if (op.plan.kind !== 'charge_card' && op.plan.kind !== 'send_email') continue
      if (!op.appliedId) {
        if (!op.maybe) continue // nothing happened
        op = await this.#reconcile(op, deadline)
        if (!op.appliedId) {
          out.push({
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'human-review',
            message: `${op.plan.kind} (${op.stepId}) may have happened and could not be confirmed; it was not compensated. Reference ${op.key}.`,
          })
          continue
        }
      }
      const target = op.appliedId!
      const undoKey = await keyFor(['undo', op.key, target])
      if (!this.#load(undoKey)) {
        const plan: Extract<JournalEvent, { e: 'planned' }> =
          op.plan.kind === 'charge_card'
            ? {
                e: 'planned',
                kind: 'undo:charge_card',
                service: 'payments',
                path: '/v1/refunds',
                effect: 'refund',
                scope: target,
                body: new URLSearchParams({
                  payment_intent: target,
                  'metadata[client_reference]': undoKey,
                  'metadata[undoes]': op.key,
                }).toString(),
              }
            : {
                e: 'planned',
                kind: 'undo:send_email',
                service: 'email',
                path: '/emails',
                effect: 'email',
                scope: '',
                body: JSON.stringify({
                  ...(JSON.parse(op.plan.body) as object),
                  subject: 'Please disregard our previous e-mail',
                  html: '<p>Our previous e-mail was sent in error. Please disregard it.</p>',
                  tags: [
                    { name: 'client_reference', value: undoKey },
                    { name: 'corrects', value: target },
                  ],
                }),
              }
        this.#append({ key: undoKey, runId: `${runId}#undo`, stepId: op.stepId }, plan)
      }
      const result = await this.#drive(undoKey, deadline)
      const compensates = { type: op.plan.effect, id: target }
      out.push(
        result.status === 'SUCCEEDED'
          ? {
              ...result,
              action_taken: 'compensated',
              compensates,
              message: `Compensated ${op.plan.effect} ${target}: ${result.message}`,
            }
          : {
              ...result,
              action_taken: 'human-review',
              compensates,
              message: `Compensation of ${op.plan.effect} ${target} did not complete: ${result.message}`,
            },
      )
    }
    return out
  }
}

export const webcryptoKeys: Executor = {
  name: 'webcrypto-keys',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new WebCryptoExecutor(ctx)
  },
}

export default webcryptoKeys
