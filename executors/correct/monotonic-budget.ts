// monotonic-budget — style: budgets measured on
// performance.now(). The wall clock, which can jump
// (NTP, a resumed VM), is read once per call.
// Longer than most because each zoo member is one file.
import { createHash } from 'node:crypto'
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

const MIN_START_MS = 3_000
const ANSWER_MARGIN_MS = 750
const SEND_TIMEOUT_CAP_MS = 10_000
const PROBE_TIMEOUT_CAP_MS = 4_000
const SETTLE_MS = 8_000
const MAX_SENDS = 4

/** A time budget on the monotonic clock. */
class Budget {
  readonly #startedAt = performance.now()
  readonly #totalMs: number
  constructor(totalMs: number) {
    this.#totalMs = totalMs
  }
  static until(deadline: number): Budget {
    return new Budget(deadline - Date.now()) // the one wall-clock reading
  }
  remaining(): number {
    return this.#totalMs - (performance.now() - this.#startedAt)
  }
  /** Time left for work, less the margin to answer. */
  spendable(): number {
    return this.remaining() - ANSWER_MARGIN_MS
  }
}

type Tool = 'issue_refund' | 'charge_card' | 'send_email'

interface Operation {
  key: string
  run_id: string
  step_id: string
  tool: string
  target: 'payments' | 'email'
  path: string
  payload: string
  effect: string
  scope: string
  outcome: 'pending' | 'done' | 'refused' | 'lost' // lost: unknown for good
  effect_id: string | null
  ambiguous: number
  replays_error: number
  // Wall-clock ms: later processes compare them.
  last_sent_wall: number
  retry_not_before_wall: number
  reason: string
  created: number
}

type Verdict =
  | { v: 'applied'; id: string }
  | { v: 'not-applied'; why: string; retryAfterMs?: number }
  | { v: 'refused'; why: string }
  | { v: 'ambiguous'; why: string; replaysError?: boolean }

type Lookup = { v: 'present'; id: string } | { v: 'absent' } | { v: 'unknown'; why: string; noLookup?: boolean }

function normalise(tool: string, a: Readonly<Record<string, unknown>>): Record<string, string | number> | null {
  const t = (x: unknown) =>
    typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isFinite(x) ? String(x) : ''
  const cents = (x: unknown) => {
    const v = t(x)
    return /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 ? Math.round(Number(v) * 100) : 0
  }
  const order = t(a.order_id).toUpperCase()
  const id: Record<Tool, () => Record<string, string | number>> = {
    issue_refund: () => ({
      payment_intent: t(a.payment_intent),
      amount: cents(a.amount),
      currency: t(a.currency).toLowerCase(),
      order_id: order,
    }),
    charge_card: () => ({ order_id: order, amount: cents(a.amount), currency: t(a.currency).toLowerCase() }),
    send_email: () => ({ to: t(a.to).toLowerCase(), template: t(a.template).toLowerCase(), order_id: order }),
  }
  if (!(tool in id)) return null
  const out = id[tool as Tool]()
  return Object.values(out).every((v) => v !== '' && v !== 0) ? out : null
}

function operationFor(
  tool: string,
  n: Record<string, string | number>,
  key: string,
): Pick<Operation, 'target' | 'path' | 'payload' | 'effect' | 'scope'> {
  const form = (o: Record<string, string>) => new URLSearchParams(o).toString()
  switch (tool as Tool) {
    case 'issue_refund':
      return {
        target: 'payments',
        path: '/v1/refunds',
        effect: 'refund',
        scope: String(n.payment_intent),
        payload: form({
          payment_intent: String(n.payment_intent),
          amount: String(n.amount),
          'metadata[client_reference]': key,
          'metadata[order_id]': String(n.order_id),
        }),
      }
    case 'charge_card':
      return {
        target: 'payments',
        path: '/v1/payment_intents',
        effect: 'charge',
        scope: '',
        payload: form({
          amount: String(n.amount),
          currency: String(n.currency),
          confirm: 'true',
          'metadata[client_reference]': key,
          'metadata[order_id]': String(n.order_id),
        }),
      }
    case 'send_email':
      return {
        target: 'email',
        path: '/emails',
        effect: 'email',
        scope: '',
        payload: JSON.stringify({
          from: 'Customer care <care@shop.test>',
          to: [String(n.to)],
          subject: `Your order ${String(n.order_id)}`,
          text: `Template ${String(n.template)} for order ${String(n.order_id)}.`,
          tags: [{ name: 'client_reference', value: key }],
        }),
      }
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

async function timedFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const ac = new AbortController()
  const timer = setTimeout(() => ac.abort(new Error('timed out')), Math.max(1, timeoutMs))
  try {
    const res = await fetch(url, { ...init, signal: ac.signal })
    const body = await res.arrayBuffer() // read within the same timeout
    return new Response(body, { status: res.status, headers: res.headers })
  } finally {
    clearTimeout(timer)
  }
}

function networkCode(e: unknown): string | undefined {
  let x: unknown = e
  for (let i = 0; i < 4 && x; i++) {
    if (typeof (x as { code?: unknown }).code === 'string') return (x as { code: string }).code
    x = (x as { cause?: unknown }).cause
  }
  return undefined
}

async function readVerdict(res: Response, effect: string): Promise<Verdict> {
  let json: Record<string, unknown> = {}
  try {
    json = (await res.json()) as Record<string, unknown>
  } catch {
    /* a proxy's HTML page */
  }
  if (res.status >= 200 && res.status < 300) {
    const id = typeof json.id === 'string' ? json.id : null
    if (!id || (effect === 'charge' && json.status !== 'succeeded'))
      return { v: 'ambiguous', why: `HTTP ${res.status} but no usable ${effect}` }
    return { v: 'applied', id }
  }
  const e = (json.error && typeof json.error === 'object' ? json.error : json) as {
    type?: string
    name?: string
    message?: string
  }
  const own = typeof e.message === 'string' // the service's own error shape
  const why = `HTTP ${res.status}${own ? `: ${e.message}` : ''}`
  if (e.type === 'idempotency_error' || e.name === 'invalid_idempotent_request') return { v: 'ambiguous', why }
  if (own && (res.status === 400 || res.status === 404 || res.status === 422)) return { v: 'refused', why }
  if (own && (res.status === 429 || res.status === 503 || res.status === 409)) {
    const ra = res.headers.get('retry-after')
    const secs = ra === null ? NaN : Number(ra)
    return { v: 'not-applied', why, ...(Number.isFinite(secs) ? { retryAfterMs: secs * 1000 } : {}) }
  }
  return {
    v: 'ambiguous',
    why,
    replaysError:
      res.headers.get('stripe-should-retry') === 'false' || res.headers.get('idempotent-replayed') === 'true',
  }
}

class MonotonicBudgetExecutor implements ExecutorProcess {
  readonly #ctx: BootContext
  readonly #db: ReturnType<BootContext['storage']['sqlite']>

  constructor(ctx: BootContext) {
    this.#ctx = ctx
    this.#db = ctx.storage.sqlite('monotonic_budget')
    this.#db.exec(`CREATE TABLE IF NOT EXISTS operations (
      key TEXT PRIMARY KEY, run_id TEXT, step_id TEXT, tool TEXT, target TEXT, path TEXT, payload TEXT, effect TEXT, scope TEXT,
      outcome TEXT, effect_id TEXT, ambiguous INTEGER, replays_error INTEGER, last_sent_wall INTEGER, retry_not_before_wall INTEGER,
      reason TEXT, created INTEGER)`)
  }

  #get(key: string): Operation | undefined {
    return this.#db.prepare('SELECT * FROM operations WHERE key = ?').get(key) as Operation | undefined
  }

  #put(op: Operation): void {
    this.#db
      .prepare(
        `INSERT OR REPLACE INTO operations VALUES (@key, @run_id, @step_id, @tool, @target, @path, @payload, @effect, @scope,
         @outcome, @effect_id, @ambiguous, @replays_error, @last_sent_wall, @retry_not_before_wall, @reason, @created)`,
      )
      .run(op)
  }

  async #send(op: Operation, timeoutMs: number): Promise<Verdict> {
    try {
      const res = await timedFetch(
        `${this.#ctx.services[op.target]}${op.path}`,
        {
          method: 'POST',
          headers: {
            'content-type': op.target === 'email' ? 'application/json' : 'application/x-www-form-urlencoded',
            'idempotency-key': op.key,
          },
          body: op.payload,
        },
        timeoutMs,
      )
      return await readVerdict(res, op.effect)
    } catch (e) {
      const code = networkCode(e)
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
        return { v: 'not-applied', why: `could not connect (${code})` }
      return { v: 'ambiguous', why: `no answer (${code ?? (e instanceof Error ? e.message : 'error')})` }
    }
  }

  async #lookup(op: Operation, budget: Budget): Promise<Lookup> {
    const timeout = () => Math.min(PROBE_TIMEOUT_CAP_MS, budget.spendable())
    if (timeout() < 300) return { v: 'unknown', why: 'no time left to look' }
    try {
      if (op.target === 'email') {
        const res = await timedFetch(
          `${this.#ctx.services.email}/emails?${new URLSearchParams({ tag: `client_reference:${op.key}` })}`,
          {},
          timeout(),
        )
        if (res.status === 404) return { v: 'unknown', why: 'the e-mail service has no lookup', noLookup: true }
        if (!res.ok) return { v: 'unknown', why: `lookup answered ${res.status}` }
        const list = (await res.json()) as { tag?: string; data?: { id: string }[] }
        // Resend's list ignores tags (docs/vendors.md R4):
        // only a reply naming our tag is a lookup.
        if (list.tag !== `client_reference:${op.key}`)
          return { v: 'unknown', why: 'the e-mail service has no lookup by reference', noLookup: true }
        const first = list.data?.[0]
        return first ? { v: 'present', id: first.id } : { v: 'absent' }
      }
      const path = op.path === '/v1/refunds' ? '/v1/refunds' : '/v1/payment_intents'
      let after: string | undefined
      for (let i = 0; i < 10; i++) {
        if (timeout() < 300) return { v: 'unknown', why: 'ran out of time while looking' }
        const q = new URLSearchParams({
          limit: '100',
          ...(op.scope ? { payment_intent: op.scope } : {}),
          ...(after ? { starting_after: after } : {}),
        })
        const res = await timedFetch(`${this.#ctx.services.payments}${path}?${q}`, {}, timeout())
        if (!res.ok) return { v: 'unknown', why: `list answered ${res.status}` }
        const page = (await res.json()) as {
          data: { id: string; status?: string; metadata?: Record<string, string> }[]
          has_more: boolean
        }
        const hit = page.data.find((x) => x.metadata?.client_reference === op.key)
        if (hit)
          return op.effect === 'charge' && hit.status !== 'succeeded'
            ? { v: 'unknown', why: `found ${hit.status}` }
            : { v: 'present', id: hit.id }
        if (!page.has_more || page.data.length === 0) return { v: 'absent' }
        after = page.data[page.data.length - 1]!.id
      }
      return { v: 'unknown', why: 'list too long' }
    } catch (e) {
      return { v: 'unknown', why: `lookup failed (${networkCode(e) ?? (e as Error).message})` }
    }
  }

  async #settle(op: Operation, budget: Budget): Promise<Envelope> {
    let sends = 0
    let backoffMs = 200
    for (;;) {
      if (op.outcome === 'done')
        return {
          status: 'SUCCEEDED',
          retry_safe: true,
          effect: { type: op.effect, id: op.effect_id! },
          action_taken: sends ? 'sent' : op.reason === 'seen by lookup' ? 'probed-found' : 'already-done',
          message: `${op.effect} ${op.effect_id} done.`,
        }
      if (op.outcome === 'refused')
        return {
          status: 'FAILED_NO_EFFECT',
          retry_safe: false,
          effect: null,
          action_taken: 'rejected',
          message: `The service refused it; nothing happened (${op.reason}).`,
        }
      if (op.outcome === 'lost') return unknown(op, op.reason)

      if (op.ambiguous) {
        let seen = await this.#lookup(op, budget)
        const settledIn = op.last_sent_wall + SETTLE_MS - Date.now()
        if (seen.v === 'absent' && settledIn > 0) {
          if (budget.spendable() - settledIn < MIN_START_MS) return unknown(op, op.reason)
          await sleep(settledIn)
          seen = await this.#lookup(op, budget)
        }
        if (seen.v === 'present') {
          op = { ...op, outcome: 'done', effect_id: seen.id, reason: 'seen by lookup' }
          this.#put(op)
          continue
        }
        if (seen.v === 'unknown') return unknown(op, `${op.reason}; ${seen.why}`)
        if (op.replays_error) {
          op = { ...op, outcome: 'lost', reason: `${op.reason}; not seen, and the error replays under this key` }
          this.#put(op)
          continue
        }
        // A believable miss: resend, same key.
      }

      const waitMs = op.retry_not_before_wall - Date.now()
      if (waitMs > 0) {
        if (budget.spendable() - waitMs < MIN_START_MS)
          return notDone(op, `the service asked for a pause of ${Math.ceil(waitMs / 1000)} s`)
        await sleep(waitMs)
      }
      if (budget.spendable() < MIN_START_MS) return notDone(op, 'too little time left in this turn')
      if (sends >= MAX_SENDS) return notDone(op, `gave up after ${sends} sends (${op.reason})`)

      const wasAmbiguous = op.ambiguous
      op = { ...op, ambiguous: 1, last_sent_wall: Date.now(), reason: 'sending' }
      this.#put(op)
      sends++
      const v = await this.#send(op, Math.min(SEND_TIMEOUT_CAP_MS, budget.spendable()))
      switch (v.v) {
        case 'applied':
          op = { ...op, outcome: 'done', effect_id: v.id, reason: 'confirmed' }
          break
        case 'refused':
          op = wasAmbiguous
            ? { ...op, outcome: 'lost', reason: `${v.why}, after a send that may have landed` }
            : { ...op, outcome: 'refused', ambiguous: 0, reason: v.why }
          break
        case 'not-applied':
          op = {
            ...op,
            ambiguous: wasAmbiguous,
            retry_not_before_wall: Date.now() + Math.max(v.retryAfterMs ?? 0, backoffMs),
            reason: v.why,
          }
          backoffMs = Math.min(backoffMs * 2, 4_000)
          break
        case 'ambiguous':
          op = { ...op, replays_error: v.replaysError ? 1 : op.replays_error, reason: v.why }
          break
      }
      this.#put(op)
    }
  }

  async callTool(call: ToolCall): Promise<Envelope> {
    const budget = Budget.until(call.deadline)
    const n = normalise(call.tool, call.args)
    if (!n)
      return {
        status: 'FAILED_NO_EFFECT',
        retry_safe: false,
        effect: null,
        action_taken: 'invalid-arguments',
        message: `Not sent: incomplete or invalid arguments for ${call.tool}.`,
      }
    const key = `mb_${createHash('sha256')
      .update(JSON.stringify([call.runId, call.stepId, call.tool, n]))
      .digest('hex')}`
    let op = this.#get(key)
    if (!op) {
      op = {
        key,
        run_id: call.runId,
        step_id: call.stepId,
        tool: call.tool,
        ...operationFor(call.tool, n, key),
        outcome: 'pending',
        effect_id: null,
        ambiguous: 0,
        replays_error: 0,
        last_sent_wall: 0,
        retry_not_before_wall: 0,
        reason: '',
        created: Date.now(),
      }
      this.#put(op)
    }
    return this.#settle(op, budget)
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const budget = Budget.until(deadline)
    const ops = this.#db
      .prepare(
        "SELECT * FROM operations WHERE run_id = ? AND tool IN ('charge_card', 'send_email') ORDER BY created, rowid",
      )
      .all(runId) as Operation[]
    const out: Envelope[] = []
    for (let op of ops) {
      if (op.outcome === 'refused' || (op.outcome === 'pending' && !op.ambiguous)) continue
      if (op.outcome !== 'done') {
        const seen = await this.#lookup(op, budget)
        if (seen.v !== 'present') {
          out.push({
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'human-review',
            message: `${op.tool} ${op.step_id} may have happened (${seen.v === 'unknown' ? seen.why : 'not seen'}); not compensated — reference ${op.key}.`,
          })
          continue
        }
        op = { ...op, outcome: 'done', effect_id: seen.id, reason: 'seen by lookup' }
        this.#put(op)
      }
      const undoKey = `${op.key}_undo`
      let undo = this.#get(undoKey)
      if (!undo) {
        const target = op.effect_id!
        const shape =
          op.tool === 'charge_card'
            ? {
                target: 'payments' as const,
                path: '/v1/refunds',
                effect: 'refund',
                scope: target,
                payload: new URLSearchParams({
                  payment_intent: target,
                  'metadata[client_reference]': undoKey,
                }).toString(),
              }
            : {
                target: 'email' as const,
                path: '/emails',
                effect: 'email',
                scope: '',
                payload: JSON.stringify({
                  ...(JSON.parse(op.payload) as object),
                  subject: `Correction: your order`,
                  text: 'Please ignore our previous message; it was sent by mistake.',
                  tags: [
                    { name: 'client_reference', value: undoKey },
                    { name: 'corrects', value: target },
                  ],
                }),
              }
        undo = {
          key: undoKey,
          run_id: `${runId}#undo`,
          step_id: op.step_id,
          tool: `undo:${op.tool}`,
          ...shape,
          outcome: 'pending',
          effect_id: null,
          ambiguous: 0,
          replays_error: 0,
          last_sent_wall: 0,
          retry_not_before_wall: 0,
          reason: '',
          created: Date.now(),
        }
        this.#put(undo)
      }
      const r = await this.#settle(undo, budget)
      const compensates = { type: op.effect, id: op.effect_id! }
      out.push(
        r.status === 'SUCCEEDED'
          ? {
              ...r,
              action_taken: 'compensated',
              compensates,
              message: `Compensated ${op.effect} ${op.effect_id}: ${r.message}`,
            }
          : {
              ...r,
              action_taken: 'human-review',
              compensates,
              message: `Compensation of ${op.effect} ${op.effect_id} not completed: ${r.message}`,
            },
      )
    }
    return out
  }
}

function unknown(op: Operation, why: string): Envelope {
  return {
    status: 'UNKNOWN',
    retry_safe: false,
    effect: null,
    action_taken: 'unresolved',
    message: `Unknown whether the ${op.effect} happened (${why}). Not safe to ask again; reference ${op.key}.`,
  }
}

function notDone(op: Operation, why: string): Envelope {
  if (op.ambiguous) return unknown(op, `${op.reason}; ${why}`)
  return {
    status: 'FAILED_NO_EFFECT',
    retry_safe: true,
    effect: null,
    action_taken: 'not-sent',
    message: `Nothing happened: ${why}. Safe to ask again.`,
  }
}

export const monotonicBudget: Executor = {
  name: 'monotonic-budget',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new MonotonicBudgetExecutor(ctx)
  },
}

export default monotonicBudget
