// The reference's variation points, one file each
// (defaults: REFERENCE_POLICY). A flawed executor
// replaces one of them.
import type { ExceptionMapping } from '../../harness/contract/mapping.ts'
import type { BudgetRule } from './budget-rule.ts'
import type { CompensationRule } from './compensation-rule.ts'
import type { GiveUp } from './give-up.ts'
import type { IntentStore } from './intent-store.ts'
import type { OperationKey } from './operation-key.ts'
import type { ReconciliationRule } from './reconciliation.ts'
import type { ResendRule } from './resend-rule.ts'
import type { RetryAfterRule } from './retry-after.ts'
import type { SendKey } from './send-key.ts'
import type { Sweeper } from './sweeper.ts'
import type { ToolChoice } from './tool-choice.ts'

export interface ReferencePolicy {
  /** How an operation's key is made from the ask. */
  readonly operationKey: OperationKey
  /** Which key each send carries. */
  readonly sendKey: SendKey
  /** What an error or response means for the effect. */
  readonly mapping: ExceptionMapping
  /** How to look, and whether before resending. */
  readonly reconciliation: ReconciliationRule
  /** The turn's time budget (budget-rule.ts). */
  readonly budget: BudgetRule
  /** How a send stops waiting (give-up.ts). */
  readonly giveUp: GiveUp
  /** When and how often to resend an unsent request. */
  readonly resend: ResendRule
  /** How long to honour a service's Retry-After. */
  readonly retryAfter: RetryAfterRule
  /** Where the intent log lives. */
  readonly intentStore: IntentStore
  /** On abort, what to compensate for one intent. */
  readonly compensation: CompensationRule
  /** After a restart, what to do with open intents. */
  readonly sweeper: Sweeper
  /** Which vendors' tools it speaks (tool-choice.ts). */
  readonly tools: ToolChoice
}
