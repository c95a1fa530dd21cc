// All judges over one history.
// Pure: same history, same verdict.
import type { History } from '../history/history.ts'
import { duplicateEffect } from './duplicate-effect.ts'
import { executorFault } from './executor-fault.ts'
import { falseFailure } from './false-failure.ts'
import { falseSuccess } from './false-success.ts'
import type { Judge, Violation } from './finding.ts'
import { notStarted } from './not-started.ts'
import { effectAfterDeadline, lateEffects, lateUnseen } from './effect-after-deadline.ts'
import { returnedAfterDeadline } from './returned-after-deadline.ts'
import { phantomCompensation, uncompensatedEffect } from './compensation.ts'
import { unknownRetrySafe } from './unknown-retry-safe.ts'
import { permanentErrorRetried } from './permanent-error-retried.ts'
import { retryBeforeRetryAfter } from './retry-before-retry-after.ts'
import { verificationCost, type VerificationCost } from './verification-cost.ts'
import { recoveryLatency, type FaultRecovery } from './recovery-latency.ts'
import { unresolved, type UnresolvedMeasure } from './unresolved.ts'
import { definedJudges } from './registry.ts'
import { declaredContract } from './declared-contract.ts'
import { blockedNetwork, type BlockedNetwork } from './blocked-network.ts'
import { firstUnsent, type Unsent } from './first-unsent.ts'

/** The bundled judges; `judge()` adds those from `defineJudge`. */
export const JUDGES: readonly Judge[] = [
  duplicateEffect,
  falseSuccess,
  falseFailure,
  effectAfterDeadline,
  returnedAfterDeadline,
  phantomCompensation,
  uncompensatedEffect,
  unknownRetrySafe,
  permanentErrorRetried,
  retryBeforeRetryAfter,
  declaredContract,
  executorFault,
]

export interface Verdict {
  readonly violations: readonly Violation[]
  readonly unresolved: UnresolvedMeasure
  /**
   * Each faulted call that reached a known
   * outcome: its first fault and recovery
   * latency (virtual ms, downtime excluded).
   */
  readonly recovery: readonly FaultRecovery[]
  /** Asks answered FAILED_NO_EFFECT without a request. */
  readonly notStarted: number
  readonly verification: VerificationCost
  /**
   * Asks answered with action_taken
   * "human-review": left to a person, as they
   * should be when nothing else is safe.
   */
  readonly humanReview: number
  /** Late effects the executor could not have stopped. */
  readonly lateEffects: number
  /** Of those, sent with no deadline given (seesDeadline). */
  readonly lateUnseen?: number
  /** Aborts it could not be asked for (no abort()). */
  readonly abortsUnsupported: number
  /** Requests that reached a mock service. */
  readonly requests: number
  /** Attempts refused beyond the mock services. */
  readonly blocked: BlockedNetwork
  readonly faults: number
  /** Virtual ms the run covered, settling included. */
  readonly simulatedMs: number
  /**
   * No tool call reached a service: what the
   * first ask was told. Absent otherwise.
   */
  readonly unsent?: Unsent
}

export function judge(history: History): Verdict {
  const n = counts(history)
  const unsent = firstUnsent(history)
  const unseen = lateUnseen(history)
  return {
    violations: [...JUDGES, ...definedJudges()].flatMap((j) => j(history)),
    unresolved: unresolved(history),
    recovery: recoveryLatency(history),
    notStarted: notStarted(history),
    verification: verificationCost(history),
    humanReview: n.humanReview,
    lateEffects: lateEffects(history),
    ...(unseen > 0 && { lateUnseen: unseen }),
    abortsUnsupported: n.abortsUnsupported,
    requests: n.requests,
    blocked: blockedNetwork(history),
    faults: n.faults,
    simulatedMs: history.at(-1)?.t ?? 0,
    ...(unsent && { unsent }),
  }
}

/** The verdict's plain counts, in one pass (a judge() per run). */
function counts(history: History) {
  let humanReview = 0
  let abortsUnsupported = 0
  let requests = 0
  let faults = 0
  for (const e of history) {
    if (e.type === 'attempt-sent') requests++
    else if (e.type === 'fault-injected') faults++
    else if (e.type === 'outcome-reported') {
      if (e.envelope.action_taken === 'human-review') humanReview++
    } else if (e.type === 'abort-reported') {
      for (const x of e.envelopes) if (x.action_taken === 'human-review') humanReview++
      if (!e.supported) abortsUnsupported++
    }
  }
  return { humanReview, abortsUnsupported, requests, faults }
}
