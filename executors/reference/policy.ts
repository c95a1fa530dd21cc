// The reference's variation points: one small strategy each, in its own file,
// the reference's own choice the default (REFERENCE_POLICY in reference.ts). A
// flawed executor (executors/flawed/) is the reference with one of them replaced.
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
  /** How to look for an effect that may have landed, and when to look before resending. */
  readonly reconciliation: ReconciliationRule
  /** The turn's time budget: reserve, minimum budget to start, per-attempt timeout, forwarded cut-off. */
  readonly budget: BudgetRule
  /** How often and how soon a request that was not sent is sent again. */
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
