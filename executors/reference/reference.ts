// The reference executor: the design of the seed article, rule by rule.
//
// 1. The idempotency key is derived from the tool's identity fields, canonicalised,
//    plus the run id and step id — never from the bytes the model wrote.
// 2. An intent record is written to durable SQLite before anything is sent.
// 3. Client errors map to not-sent / rejected / ambiguous; unknown means ambiguous.
// 4. An ambiguous attempt is reconciled by probing for the client reference,
//    more than once and spaced out; only when the probes say "not there" is the same
//    body resent with the same key (keys can be forgotten, so they are not trusted alone).
// 5. One turn deadline with a reserve: no side effect starts without budget for it,
//    and the deadline is forwarded to the service, which refuses work arriving after it.
// 6. The envelope says what is true, with retry_safe; UNKNOWN is never retry-safe.
// 7. After a crash, recover() sweeps intents left PENDING or UNKNOWN: it probes,
//    confirms what it finds, and never marks an unconfirmed one failed.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import Database from 'better-sqlite3'
import { createHash, randomUUID } from 'node:crypto'
import { idempotencyKey } from './idempotency-key.ts'
import { IntentLog } from './intent-log.ts'
import { emailAdapter } from './tools/email.ts'
import { refundAdapter } from './tools/refund.ts'
import { chargeAdapter } from './tools/charge.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface ReferencePolicy {
  /** Longest a single attempt may take. */
  readonly attemptTimeoutMs: number
  /** Kept back from the turn's deadline to report in time. */
  readonly reserveMs: number
  /** No side effect starts with less budget than this left (after the reserve). */
  readonly minAttemptBudgetMs: number
  /** Waits before each reconciliation probe. Spaced out: reads may lag, requests may be late. */
  readonly probeDelaysMs: readonly number[]
  readonly probeTimeoutMs: number
  /** Sends of one operation per ask, first send included. */
  readonly maxSends: number
  /** Backoff after a request that was certainly not sent. */
  readonly notSentBackoffMs: number
  /** Keys older than this may have been forgotten by the service (Stripe and Resend keep them 24 h). */
  readonly keyTrustMs: number
  /**
   * One deliberate bug, for the zoo of flawed executors (executors/flawed/):
   * each differs from the reference by exactly this. Never set in the reference.
   */
  readonly flaw?: Flaw
}

/** The bugs the zoo carries, one per flawed executor. */
export type Flaw =
  | 'fresh-key-per-attempt'
  | 'key-from-all-arguments'
  | 'key-from-the-model'
  | 'timeout-as-failure'
  | 'sent-as-success'
  | 'intent-log-in-memory'
  | 'new-key-after-unknown'
  | 'single-unspaced-probe'
  | 'fixed-timeout'
  | 'no-budget-check'
  | 'retries-permanent-errors'
  | 'ignores-retry-after'
  | 'compensates-unknown-blindly'
  | 'key-without-step-id'
  | 'sweeper-marks-failed'
  | 'trusts-expired-key'

export const REFERENCE_POLICY: ReferencePolicy = {
  attemptTimeoutMs: 8_000,
  reserveMs: 1_500,
  minAttemptBudgetMs: 2_000,
  probeDelaysMs: [500, 1_500, 3_000],
  probeTimeoutMs: 2_000,
  maxSends: 4,
  notSentBackoffMs: 250,
  keyTrustMs: 23 * 60 * 60 * 1000,
}

type Adapters = Readonly<Record<string, ToolAdapter<object>>>
/**
 * Retry-After per service (epoch ms): the service that said it asked this client to send it
 * nothing before then — any operation, in any later ask (docs/judges.md).
 */
type Waits = Map<string, number>

export function createReferenceExecutor(policy: ReferencePolicy = REFERENCE_POLICY, name = 'reference'): Executor {
  return {
    name,
    async boot(ctx: BootContext): Promise<ExecutorProcess> {
      // flaw intent-log-in-memory: the log dies with the process.
      const log = new IntentLog(policy.flaw === 'intent-log-in-memory' ? new Database(':memory:') : ctx.storage.sqlite('intents'))
      const adapters: Adapters = {
        charge_card: chargeAdapter(ctx.services.payments),
        issue_refund: refundAdapter(ctx.services.payments),
        send_email: emailAdapter(ctx.services.email),
      }
      const waits: Waits = new Map()
      return {
        callTool: (call) => callTool(call, log, adapters, policy, waits),
        recover: (deadline) => sweep(log, adapters, policy, deadline),
        abort: (runId, deadline) => compensate(runId, deadline, log, adapters, policy, waits),
      }
    },
  }
}

export const reference: Executor = createReferenceExecutor()

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

type Reconciled = { readonly found: string } | { readonly absent: true } | { readonly inconclusive: true } | { readonly unsupported: true }

/** Probe for the operation's effect, spaced out, within `budget()`. */
async function reconcile(adapter: ToolAdapter<object>, body: string, key: string, policy: ReferencePolicy, budget: () => number): Promise<Reconciled> {
  // flaw single-unspaced-probe: one look, at once, and a miss taken as proof.
  const delays = policy.flaw === 'single-unspaced-probe' ? [0] : policy.probeDelaysMs
  let lastMissed = false
  for (const [i, delay] of delays.entries()) {
    if (budget() < delay + policy.probeTimeoutMs) break
    await sleep(delay)
    const probe = await adapter.probe(body, key, Math.min(policy.probeTimeoutMs, budget()))
    if ('unsupported' in probe) return { unsupported: true }
    if ('found' in probe && probe.found) return { found: probe.found }
    lastMissed = i === delays.length - 1 && 'found' in probe
  }
  // "Not there" is an answer only from the last, most spaced-out probe: an earlier miss may just be
  // early (reads lag writes), and a schedule cut short by the deadline proves nothing.
  return lastMissed ? { absent: true } : { inconclusive: true }
}

async function callTool(call: ToolCall, log: IntentLog, adapters: Adapters, policy: ReferencePolicy, waits: Waits): Promise<Envelope> {
  const adapter = adapters[call.tool]
  if (!adapter) return rejected('tool', `unknown tool ${call.tool}`, 'rejected')
  const what = adapter.effectType
  const canon = adapter.canonical(call.args)
  if (!canon.ok) return rejected(what, canon.problem, 'rejected-arguments')
  const key = operationKey(call, canon.op, policy)
  const budget = () => call.deadline - Date.now() - policy.reserveMs
  const flaw = policy.flaw

  // What do we already know about this operation?
  const prior = log.get(key)
  if (prior?.status === 'SUCCEEDED') return succeeded(what, prior.effect_id!, 'already-done')
  if (prior?.status === 'FAILED_NO_EFFECT' && prior.permanent) return rejected(what, `the service rejected this ${what} earlier`, 'already-rejected')
  // A record left PENDING or UNKNOWN by an earlier ask (or a crashed process) means a send may have landed.
  let ambiguous = prior?.status === 'PENDING' || prior?.status === 'UNKNOWN'
  // Before anything is sent: the intent, and how to compensate it should the run be aborted.
  const compensation = adapter.compensation(canon.op)
  const intent = prior ?? log.open(key, call.runId, call.stepId, call.tool, adapter.body(canon.op, key, call.runId, call.stepId), compensation ? JSON.stringify(compensation) : null)
  if (prior?.status === 'FAILED_NO_EFFECT') log.mark(key, 'PENDING', { permanent: false }) // it certainly never landed: start over with the same key
  const keyMayBeForgotten = () => Date.now() - intent.created_at > policy.keyTrustMs

  const confirm = (effectId: string, action: string): Envelope => {
    log.mark(key, 'SUCCEEDED', { effectId })
    return succeeded(what, effectId, action)
  }
  const unresolved = (why: string): Envelope => {
    log.mark(key, 'UNKNOWN')
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'unresolved',
      message: `The ${what} may or may not have happened: ${why}. Do not retry; it is recorded for reconciliation under ${key}.`,
    }
  }
  /** Before resending after an ambiguity: look first. Resend only when that is safe. */
  const lookFirst = async (): Promise<Envelope | 'resend'> => {
    const r = await reconcile(adapter, intent.body, key, policy, budget)
    if ('found' in r) return confirm(r.found, 'probed-found')
    if ('unsupported' in r) return { ...unresolved('the service offers no way to look it up, and it cannot be made safe automatically; a person must check'), action_taken: 'human-review' }
    // Only a conclusive "not there" allows a resend: the key alone is not trusted, since
    // services forget keys (24 h, or a restart of a volatile store) and say nothing about it.
    if ('inconclusive' in r) return unresolved(keyMayBeForgotten() ? 'the service may have forgotten the key and no probe could tell' : 'it could not be confirmed before the deadline')
    if (flaw === 'single-unspaced-probe') {
      log.mark(key, 'FAILED_NO_EFFECT')
      return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'probed-absent', message: `The ${what} did not happen (a look found nothing). It is safe to try again.` }
    }
    return 'resend' // looked, and it is not there: the same body with the same key
  }

  if (ambiguous && flaw !== 'trusts-expired-key') {
    const next = await lookFirst()
    if (next !== 'resend') return next
    // The service refused this very request before, after an earlier send that may have landed:
    // never send it again (a permanent error stays permanent); only looking can settle it.
    if (prior?.permanent) return unresolved('the service refused a resend, and the first send cannot be found')
  }

  const origin = adapter.service
  let notBefore = waits.get(origin) ?? 0 // a Retry-After the service asked for (in this ask or an earlier one, for any operation)
  for (let sends = 0; sends < policy.maxSends; ) {
    notBefore = Math.max(notBefore, waits.get(origin) ?? 0)
    if (Date.now() < notBefore) {
      if (budget() - (notBefore - Date.now()) < policy.minAttemptBudgetMs) break
      await sleep(notBefore - Date.now())
    }
    if (budget() < policy.minAttemptBudgetMs) break
    sends++
    // The service is told to refuse work that arrives after the point where we ourselves would no
    // longer start it (deadline - reserve - minimum budget): a request held in the network then
    // cannot land after the turn has ended, as long as the service commits within the minimum budget.
    const sendKey = flaw === 'fresh-key-per-attempt' || (flaw === 'new-key-after-unknown' && ambiguous) ? randomUUID() : key
    const timeout = flaw === 'fixed-timeout' ? policy.attemptTimeoutMs : Math.min(policy.attemptTimeoutMs, budget())
    const result = await adapter.send(intent.body, sendKey, timeout, call.deadline - policy.reserveMs - policy.minAttemptBudgetMs)
    if (flaw === 'retries-permanent-errors' && result.kind === 'rejected') {
      await sleep(policy.notSentBackoffMs)
      continue
    }
    if (flaw === 'timeout-as-failure' && result.kind === 'ambiguous' && /Timeout|Abort/.test(result.detail)) {
      log.mark(key, 'FAILED_NO_EFFECT')
      return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'timed-out', message: `The ${what} timed out; it is safe to try again.` }
    }
    if (flaw === 'sent-as-success' && (result.kind === 'ambiguous' || result.kind === 'in-flight')) return confirm('(sent)', 'sent')
    if (flaw === 'ignores-retry-after' && result.kind === 'rate-limited') {
      await sleep(policy.notSentBackoffMs)
      continue
    }
    switch (result.kind) {
      case 'succeeded':
        return confirm(adapter.effectId(result.body), sends === 1 && !ambiguous ? 'sent' : 'resent-same-key')
      case 'rejected': {
        // This send was refused; an earlier, ambiguous one may still have landed.
        if (ambiguous) {
          const r = await reconcile(adapter, intent.body, key, policy, budget)
          if ('found' in r) return confirm(r.found, 'probed-found')
          log.mark(key, 'UNKNOWN', { permanent: true })
          return {
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'unresolved',
            message: `The ${what} may or may not have happened: a resend was refused (${result.detail}) after an earlier attempt that may have landed. Do not retry.`,
          }
        }
        log.mark(key, 'FAILED_NO_EFFECT', { permanent: true })
        return rejected(what, `the service refused it (${result.detail})`, 'rejected')
      }
      case 'not-sent':
        await sleep(policy.notSentBackoffMs * 2 ** (sends - 1))
        break
      case 'rate-limited':
        // Refused before processing: wait as long as we are told (if the budget allows), then try again.
        notBefore = Date.now() + Math.max(result.retryAfterMs, policy.notSentBackoffMs)
        waits.set(origin, notBefore)
        break
      case 'in-flight':
      case 'ambiguous': {
        if ('retryAfterMs' in result && result.retryAfterMs !== undefined && flaw !== 'ignores-retry-after') waits.set(origin, (notBefore = Date.now() + result.retryAfterMs))
        ambiguous = true
        log.mark(key, 'UNKNOWN')
        if (flaw === 'new-key-after-unknown') break // resend at once, under a new key, without looking
        const next = await lookFirst()
        if (next !== 'resend') return next
        break
      }
    }
  }

  if (ambiguous) return unresolved('it could not be confirmed before the deadline')
  const refused = budget() < policy.minAttemptBudgetMs
  log.mark(key, 'FAILED_NO_EFFECT')
  return {
    status: 'FAILED_NO_EFFECT',
    retry_safe: true,
    effect: null,
    action_taken: refused ? 'refused-budget' : 'not-sent',
    message: refused
      ? `The ${what} was not started: too little of the turn's time budget was left. It is safe to try again.`
      : `The ${what} did not happen (the request never reached the service). It is safe to try again.`,
  }
}

/** The operation's idempotency key: canonical identity + run + step (the flaws show the ways to get it wrong). */
function operationKey(call: ToolCall, op: object, policy: ReferencePolicy): string {
  switch (policy.flaw) {
    case 'key-from-all-arguments':
      return `fl_${createHash('sha256').update(JSON.stringify([call.tool, call.args, call.runId, call.stepId])).digest('hex').slice(0, 40)}`
    case 'key-from-the-model':
      return call.toolCallId
    case 'key-without-step-id':
      return idempotencyKey(call.tool, op, call.runId, '')
    default:
      return idempotencyKey(call.tool, op, call.runId, call.stepId)
  }
}

/**
 * Abort: compensate the run's confirmed effects, newest first. An UNKNOWN one
 * is reconciled before it is ever compensated; one that cannot be settled is
 * left to a person. Each compensation is a tool call of its own: its own
 * intent record, its own key (derived from the original's), its own deadline
 * and probe.
 */
async function compensate(runId: string, deadline: number, log: IntentLog, adapters: Adapters, policy: ReferencePolicy, waits: Waits): Promise<Envelope[]> {
  const out: Envelope[] = []
  for (const intent of log.forRun(runId)) {
    if (!intent.compensation || intent.step_id.startsWith('compensate:')) continue
    let effectId = intent.status === 'SUCCEEDED' ? intent.effect_id : null
    if ((intent.status === 'PENDING' || intent.status === 'UNKNOWN') && policy.flaw === 'compensates-unknown-blindly') {
      effectId = intent.key // "it probably happened": compensate what it would have been
    } else if (intent.status === 'PENDING' || intent.status === 'UNKNOWN') {
      const adapter = adapters[intent.tool]!
      const r = await reconcile(adapter, intent.body, intent.key, policy, () => deadline - Date.now() - policy.reserveMs)
      if ('found' in r) {
        log.mark(intent.key, 'SUCCEEDED', { effectId: r.found })
        effectId = r.found
      } else if ('absent' in r) {
        continue // it never happened: nothing to compensate
      } else {
        out.push({ status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'human-review', message: `Could not tell whether ${intent.tool} ${intent.key} happened; left to a person.` })
        continue
      }
    }
    if (!effectId) continue
    const spec = JSON.parse(intent.compensation) as { tool: string; args: Record<string, unknown>; effectArg: string }
    const done = await callTool(
      { runId, stepId: `compensate:${intent.key}`, tool: spec.tool, args: { ...spec.args, [spec.effectArg]: effectId }, deadline, toolCallId: `compensate:${intent.key}` },
      log,
      adapters,
      policy,
      waits,
    )
    // Each compensation names the effect it concerns, so a failed one excuses that effect and no other.
    out.push({ ...done, compensates: { type: adapters[intent.tool]!.effectType, id: effectId } })
  }
  return out
}

/** The sweeper: after a restart, look for the effects of intents left in flight; confirm what is found. */
async function sweep(log: IntentLog, adapters: Adapters, policy: ReferencePolicy, deadline: number): Promise<void> {
  for (const intent of log.unresolved()) {
    if (policy.flaw === 'sweeper-marks-failed') {
      log.mark(intent.key, 'FAILED_NO_EFFECT', { permanent: true }) // stale, so it must have failed
      continue
    }
    const adapter = adapters[intent.tool]
    const left = deadline - Date.now() - policy.reserveMs
    if (!adapter || left < policy.probeTimeoutMs) continue
    const probe = await adapter.probe(intent.body, intent.key, Math.min(policy.probeTimeoutMs, left))
    if ('found' in probe && probe.found) log.mark(intent.key, 'SUCCEEDED', { effectId: probe.found })
    else log.mark(intent.key, 'UNKNOWN') // not seen (yet): stays open; never marked failed
  }
}

function succeeded(what: string, id: string, action: string): Envelope {
  return { status: 'SUCCEEDED', retry_safe: true, effect: { type: what, id }, action_taken: action, message: `The ${what} ${id} is done.` }
}

function rejected(what: string, message: string, action: string): Envelope {
  return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: action, message: `The ${what} was not done: ${message}.` }
}
