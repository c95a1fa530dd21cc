// The reference executor: the seed article's
// design in eight rules, cited as "rule N" (list:
// docs/internals/executors-and-services.md).
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
import { byVendor } from './tool-choice.ts'
import { timeoutSignal } from './give-up.ts'

export type { ReferencePolicy } from './policy.ts'

export const REFERENCE_POLICY: ReferencePolicy = {
  operationKey: canonicalKey,
  sendKey: sameKey,
  mapping: referenceMapping,
  reconciliation: spacedOutProbes,
  budget: REFERENCE_BUDGET,
  giveUp: timeoutSignal,
  resend: REFERENCE_RESEND,
  retryAfter: honourRetryAfter,
  intentStore: durableIntentStore,
  compensation: reconcileFirst,
  sweeper: probeAndConfirm,
  tools: byVendor,
}

export function createReferenceExecutor(policy: ReferencePolicy = REFERENCE_POLICY, name = 'reference'): Executor {
  return {
    name,
    async boot(ctx): Promise<ExecutorProcess> {
      const state: ProcessState = {
        policy,
        log: new IntentLog(policy.intentStore(ctx.storage)),
        adapters: policy.tools(ctx),
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
