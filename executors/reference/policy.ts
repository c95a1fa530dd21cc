// The reference's variation points, one strategy per file
// (defaults: REFERENCE_POLICY in reference.ts). A flawed
// executor is the reference with one of them replaced.
import type { ExceptionMapping } from '../../harness/contract/mapping.ts'
import type { BudgetRule } from './budget-rule.ts'
import type { CompensationRule } from './compensation-rule.ts'
import type { IntentStore } from './intent-store.ts'
import type { OperationKey } from './operation-key.ts'
import type { ReconciliationRule } from './reconciliation.ts'
import type { ResendRule } from './resend-rule.ts'
import type { RetryAfterRule } from './retry-after.ts'
import type { SendKey } from './send-key.ts'
import type { Sweeper } from './sweeper.ts'

export interface ReferencePolicy {
  /** How an operation's idempotency key is made from the ask. */
  readonly operationKey: OperationKey
  /** Which key each send carries. */
  readonly sendKey: SendKey
  /** What an observed error or response means for the effect. */
  readonly mapping: ExceptionMapping
  /** How to look for an effect, and when before resending. */
  readonly reconciliation: ReconciliationRule
  /** The turn's time budget (budget-rule.ts). */
  readonly budget: BudgetRule
  /** How often and how soon an unsent request is resent. */
  readonly resend: ResendRule
  /** How long to hold back a service that asked for a pause. */
  readonly retryAfter: RetryAfterRule
  /** Where the intent log lives. */
  readonly intentStore: IntentStore
  /** On abort, what to compensate for one intent. */
  readonly compensation: CompensationRule
  /** After a restart, what to make of the intents left in flight. */
  readonly sweeper: Sweeper
}
