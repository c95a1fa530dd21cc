// The reference executor: the design of the seed article, rule by rule.
//
// 1. The idempotency key is derived from the tool's identity fields, canonicalised,
//    plus the run id and step id — never from the bytes the model wrote; every send
//    carries that same key (operation-key.ts, send-key.ts).
// 2. An intent record is written to durable SQLite before anything is sent
//    (intent-store.ts, intent-log.ts, prior-state.ts).
// 3. Client errors map to not-sent / rejected / ambiguous; unknown means ambiguous
//    (exception-mapping.ts, classify.ts). Timing hints — Retry-After, a 409 in flight —
//    are read from the observation itself (timing-hints.ts); 429s wait out Retry-After
//    (retry-after.ts).
// 4. An ambiguous attempt is reconciled by probing for the client reference,
//    more than once and spaced out; only when the probes say "not there" is the same
//    body resent with the same key (keys can be forgotten, so they are not trusted alone)
//    (reconciliation.ts, reconcile.ts, send.ts).
// 5. One turn deadline with a reserve: no side effect starts without budget for it,
//    and the deadline is forwarded to the service, which refuses work arriving after it
//    (budget-rule.ts).
// 6. The envelope says what is true, with retry_safe; UNKNOWN is never retry-safe (report.ts).
// 7. After a crash, recover() sweeps intents left PENDING or UNKNOWN: it probes,
//    confirms what it finds, and never marks an unconfirmed one failed (sweeper.ts).
// 8. On abort, confirmed effects are compensated, newest first; an UNKNOWN one is
//    reconciled first, and one that cannot be settled is left to a person
//    (compensation-rule.ts, compensate.ts).
//
// Each variation point is a strategy of the policy (policy.ts); REFERENCE_POLICY holds the
// reference's own. callTool (call-tool.ts) runs the seed's steps: prior state, send,
// classify, reconcile, report.
import type { Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import { REFERENCE_BUDGET } from './budget-rule.ts'
import { callTool } from './call-tool.ts'
import { compensate } from './compensate.ts'
import { reconcileFirst } from './compensation-rule.ts'
import { referenceMapping } from './exception-mapping.ts'
import { IntentLog } from './intent-log.ts'
import { look } from './look.ts'
import { durableIntentStore } from './intent-store.ts'
import { canonicalKey } from './operation-key.ts'
import type { ReferencePolicy } from './policy.ts'
import type { ProcessState } from './process-state.ts'
import { spacedOutProbes } from './reconciliation.ts'
import { REFERENCE_RESEND } from './resend-rule.ts'
import { honourRetryAfter } from './retry-after.ts'
import { sameKey } from './send-key.ts'
import { probeAndConfirm } from './sweeper.ts'
import { chargeAdapter } from './tools/charge.ts'
import { emailAdapter } from './tools/email.ts'
import { refundAdapter } from './tools/refund.ts'

export type { ReferencePolicy } from './policy.ts'

export const REFERENCE_POLICY: ReferencePolicy = {
  operationKey: canonicalKey,
  sendKey: sameKey,
  mapping: referenceMapping,
  reconciliation: spacedOutProbes,
  budget: REFERENCE_BUDGET,
  resend: REFERENCE_RESEND,
  retryAfter: honourRetryAfter,
  intentStore: durableIntentStore,
  compensation: reconcileFirst,
  sweeper: probeAndConfirm,
}

export function createReferenceExecutor(policy: ReferencePolicy = REFERENCE_POLICY, name = 'reference'): Executor {
  return {
    name,
    async boot(ctx): Promise<ExecutorProcess> {
      const state: ProcessState = {
        policy,
        log: new IntentLog(policy.intentStore(ctx.storage)),
        adapters: {
          charge_card: chargeAdapter(ctx.services.payments),
          issue_refund: refundAdapter(ctx.services.payments),
          send_email: emailAdapter(ctx.services.email),
        },
        waits: new Map(),
      }
      return {
        callTool: (call) => callTool(call, state),
        recover: (deadline) =>
          policy.sweeper({
            log: state.log,
            look: (intent, timeoutMs) => look(state.adapters[intent.tool]!, policy.mapping, intent, timeoutMs),
            left: () => policy.budget.left(deadline),
          }),
        abort: (runId, deadline) => compensate(runId, deadline, state),
      }
    },
  }
}

export const reference: Executor = createReferenceExecutor()
