// The reference executor: the design of the seed article, rule by rule.
//
// 1. The idempotency key is derived from the tool's identity fields, canonicalised,
//    plus the run id and step id — never from the bytes the model wrote.
// 2. An intent record is written to durable SQLite before anything is sent.
// 3. Client errors map to not-sent / rejected / ambiguous; unknown means ambiguous.
// 4. An ambiguous attempt is reconciled by probing for the client reference,
//    more than once and spaced out; then the same body is resent with the same key.
// 5. One turn deadline with a reserve: no side effect starts without budget for it.
// 6. The envelope says what is true, with retry_safe; UNKNOWN is never retry-safe.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { ISSUE_REFUND } from '../../harness/contract/tools.ts'
import { canonicalRefund } from './canonical.ts'
import { idempotencyKey } from './idempotency-key.ts'
import { IntentLog } from './intent-log.ts'
import { PaymentsClient } from './payments-client.ts'

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
}

export const REFERENCE_POLICY: ReferencePolicy = {
  attemptTimeoutMs: 8_000,
  reserveMs: 1_500,
  minAttemptBudgetMs: 2_000,
  probeDelaysMs: [500, 1_500, 3_000],
  probeTimeoutMs: 2_000,
  maxSends: 4,
  notSentBackoffMs: 250,
}

export function createReferenceExecutor(policy: ReferencePolicy = REFERENCE_POLICY, name = 'reference'): Executor {
  return {
    name,
    async boot(ctx: BootContext): Promise<ExecutorProcess> {
      const log = new IntentLog(ctx.storage.sqlite('intents'))
      const client = new PaymentsClient(ctx.services.payments)
      return { callTool: (call) => callTool(call, log, client, policy) }
    },
  }
}

export const reference: Executor = createReferenceExecutor()

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

async function callTool(call: ToolCall, log: IntentLog, client: PaymentsClient, policy: ReferencePolicy): Promise<Envelope> {
  if (call.tool !== ISSUE_REFUND.name) return rejected(`unknown tool ${call.tool}`, 'rejected')
  const canon = canonicalRefund(call.args)
  if (!canon.ok) return rejected(canon.problem, 'rejected-arguments')
  const op = canon.value
  const key = idempotencyKey(call.tool, op, call.runId, call.stepId)
  const budget = () => call.deadline - Date.now() - policy.reserveMs

  // What do we already know about this operation?
  const prior = log.get(key)
  if (prior?.status === 'SUCCEEDED') return succeeded(prior.effect_id!, 'already-done')
  if (prior?.status === 'FAILED_NO_EFFECT' && prior.permanent) return rejected('the service rejected this refund earlier', 'already-rejected')
  // A record left PENDING or UNKNOWN by an earlier ask (or a crashed process) means a send may have landed.
  let ambiguous = prior?.status === 'PENDING' || prior?.status === 'UNKNOWN'
  let intent = prior
  if (!intent) {
    const body = new URLSearchParams({
      payment_intent: op.payment_intent,
      amount: String(op.amount),
      'metadata[client_reference]': key,
      'metadata[order_id]': op.order_id,
      'metadata[run_id]': call.runId,
      'metadata[step_id]': call.stepId,
    }).toString()
    intent = log.open(key, call.runId, call.stepId, call.tool, body) // before anything is sent
  } else if (intent.status === 'FAILED_NO_EFFECT') {
    log.mark(key, 'PENDING') // it certainly never landed: start over with the same key
  }

  const reconcile = async (): Promise<string | null> => {
    for (const delay of policy.probeDelaysMs) {
      if (budget() < delay + policy.probeTimeoutMs) break
      await sleep(delay)
      const probe = await client.findRefund(op.payment_intent, key, Math.min(policy.probeTimeoutMs, budget()))
      if ('found' in probe && probe.found) return probe.found
    }
    return null
  }
  const confirm = (effectId: string, action: string): Envelope => {
    log.mark(key, 'SUCCEEDED', { effectId })
    return succeeded(effectId, action)
  }

  if (ambiguous) {
    const found = await reconcile()
    if (found) return confirm(found, 'probed-found')
  }

  for (let sends = 0; sends < policy.maxSends; ) {
    if (budget() < policy.minAttemptBudgetMs) break
    sends++
    const result = await client.createRefund(intent.body, key, Math.min(policy.attemptTimeoutMs, budget()))
    switch (result.kind) {
      case 'succeeded':
        return confirm((result.body as { id: string }).id, sends === 1 && !ambiguous ? 'sent' : 'resent-same-key')
      case 'rejected': {
        if (ambiguous) {
          const found = await reconcile()
          if (found) return confirm(found, 'probed-found')
        }
        log.mark(key, 'FAILED_NO_EFFECT', { permanent: true })
        return rejected(`the service rejected the refund (${result.detail})`, 'rejected')
      }
      case 'not-sent':
        await sleep(policy.notSentBackoffMs * 2 ** (sends - 1))
        break
      case 'in-flight':
      case 'ambiguous': {
        ambiguous = true
        log.mark(key, 'UNKNOWN')
        const found = await reconcile()
        if (found) return confirm(found, 'probed-found')
        break // not visible yet: resend the same body with the same key
      }
    }
  }

  if (ambiguous) {
    log.mark(key, 'UNKNOWN')
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'unresolved',
      message: `The refund may or may not have been issued; it could not be confirmed before the deadline. Do not retry: it is recorded for reconciliation under ${key}.`,
    }
  }
  log.mark(key, 'FAILED_NO_EFFECT')
  return {
    status: 'FAILED_NO_EFFECT',
    retry_safe: true,
    effect: null,
    action_taken: budget() < policy.minAttemptBudgetMs ? 'refused-budget' : 'not-sent',
    message: 'The refund was not issued (the request never reached the payment service). It is safe to try again.',
  }
}

function succeeded(id: string, action: string): Envelope {
  return { status: 'SUCCEEDED', retry_safe: true, effect: { type: 'refund', id }, action_taken: action, message: `Refund ${id} issued.` }
}

function rejected(message: string, action: string): Envelope {
  return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: action, message: `The refund was not issued: ${message}.` }
}
