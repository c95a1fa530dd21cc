// The zoo: the reference with one bug each. Each
// file names its bug and the judge that catches it.
import type { Executor } from '../../harness/contract/executor.ts'
import type { JudgeName } from '../../harness/contract/names.ts'
import type { Vendors } from '../../harness/contract/vendors.ts'
import freshKeyPerAttempt, { catches as freshKeyPerAttemptCatches } from './fresh-key-per-attempt.ts'
import keyFromAllArguments, { catches as keyFromAllArgumentsCatches } from './key-from-all-arguments.ts'
import keyFromTheModel, { catches as keyFromTheModelCatches } from './key-from-the-model.ts'
import timeoutAsFailure, { catches as timeoutAsFailureCatches } from './timeout-as-failure.ts'
import sentAsSuccess, { catches as sentAsSuccessCatches } from './sent-as-success.ts'
import intentLogInMemory, { catches as intentLogInMemoryCatches } from './intent-log-in-memory.ts'
import newKeyAfterUnknown, { catches as newKeyAfterUnknownCatches } from './new-key-after-unknown.ts'
import singleUnspacedProbe, { catches as singleUnspacedProbeCatches } from './single-unspaced-probe.ts'
import fixedTimeout, { catches as fixedTimeoutCatches } from './fixed-timeout.ts'
import noBudgetCheck, { catches as noBudgetCheckCatches } from './no-budget-check.ts'
import retriesPermanentErrors, { catches as retriesPermanentErrorsCatches } from './retries-permanent-errors.ts'
import ignoresRetryAfter, { catches as ignoresRetryAfterCatches } from './ignores-retry-after.ts'
import compensatesUnknownBlindly, {
  catches as compensatesUnknownBlindlyCatches,
} from './compensates-unknown-blindly.ts'
import keyWithoutStepId, { catches as keyWithoutStepIdCatches } from './key-without-step-id.ts'
import sweeperMarksFailed, { catches as sweeperMarksFailedCatches } from './sweeper-marks-failed.ts'
import trustsExpiredKey, { catches as trustsExpiredKeyCatches } from './trusts-expired-key.ts'
// Bugs that need two conditions at once.
import keyMintedPerAsk, { catches as keyMintedPerAskCatches } from './key-minted-per-ask.ts'
import backoffIgnoresDeadline, { catches as backoffIgnoresDeadlineCatches } from './backoff-ignores-deadline.ts'
import abortSkipsConfirmedEmails, {
  catches as abortSkipsConfirmedEmailsCatches,
} from './abort-skips-confirmed-emails.ts'
import gatewayErrorsAsNotSent, { catches as gatewayErrorsAsNotSentCatches } from './gateway-errors-as-not-sent.ts'
import retryAfterCapped, { catches as retryAfterCappedCatches } from './retry-after-capped.ts'
import compensationKeyedPerAbort, {
  catches as compensationKeyedPerAbortCatches,
} from './compensation-keyed-per-abort.ts'
// Bugs only a vendor's own rules show.
import squareOrderAsKey, { catches as squareOrderAsKeyCatches } from './square-order-as-key.ts'
import squareCancelThenRecreate, { catches as squareCancelThenRecreateCatches } from './square-cancel-then-recreate.ts'
import sesSdkRetries, { catches as sesSdkRetriesCatches } from './ses-sdk-retries.ts'
import sesResendsUnfindable, { catches as sesResendsUnfindableCatches } from './ses-resends-unfindable.ts'
import paypalRefundWithoutRequestId, {
  catches as paypalRefundWithoutRequestIdCatches,
} from './paypal-refund-without-request-id.ts'
import paypalMinimalResponse, { catches as paypalMinimalResponseCatches } from './paypal-minimal-response.ts'
import sendgridActivityAsAbsent, { catches as sendgridActivityAsAbsentCatches } from './sendgrid-activity-as-absent.ts'
import sendgridEmpty202AsUnsent, { catches as sendgridEmpty202AsUnsentCatches } from './sendgrid-empty-202-as-unsent.ts'

const SQUARE: Vendors = { payments: 'square', email: 'resend' }
const PAYPAL: Vendors = { payments: 'paypal', email: 'resend' }
const SES: Vendors = { payments: 'stripe', email: 'ses' }
const SENDGRID: Vendors = { payments: 'stripe', email: 'sendgrid' }

export interface ZooMember {
  readonly executor: Executor
  /** The judge that should catch it. */
  readonly catches: JudgeName
  /** The vendors its bug needs (default Stripe + Resend). */
  readonly vendors?: Vendors
}

export const ZOO: readonly ZooMember[] = [
  { executor: freshKeyPerAttempt, catches: freshKeyPerAttemptCatches },
  { executor: keyFromAllArguments, catches: keyFromAllArgumentsCatches },
  { executor: keyFromTheModel, catches: keyFromTheModelCatches },
  { executor: timeoutAsFailure, catches: timeoutAsFailureCatches },
  { executor: sentAsSuccess, catches: sentAsSuccessCatches },
  { executor: intentLogInMemory, catches: intentLogInMemoryCatches },
  { executor: newKeyAfterUnknown, catches: newKeyAfterUnknownCatches },
  { executor: singleUnspacedProbe, catches: singleUnspacedProbeCatches },
  { executor: fixedTimeout, catches: fixedTimeoutCatches },
  { executor: noBudgetCheck, catches: noBudgetCheckCatches },
  { executor: retriesPermanentErrors, catches: retriesPermanentErrorsCatches },
  { executor: ignoresRetryAfter, catches: ignoresRetryAfterCatches },
  { executor: compensatesUnknownBlindly, catches: compensatesUnknownBlindlyCatches },
  { executor: keyWithoutStepId, catches: keyWithoutStepIdCatches },
  { executor: sweeperMarksFailed, catches: sweeperMarksFailedCatches },
  { executor: trustsExpiredKey, catches: trustsExpiredKeyCatches },
  { executor: keyMintedPerAsk, catches: keyMintedPerAskCatches },
  { executor: backoffIgnoresDeadline, catches: backoffIgnoresDeadlineCatches },
  { executor: abortSkipsConfirmedEmails, catches: abortSkipsConfirmedEmailsCatches },
  { executor: gatewayErrorsAsNotSent, catches: gatewayErrorsAsNotSentCatches },
  { executor: retryAfterCapped, catches: retryAfterCappedCatches },
  { executor: compensationKeyedPerAbort, catches: compensationKeyedPerAbortCatches },
  { executor: squareOrderAsKey, catches: squareOrderAsKeyCatches, vendors: SQUARE },
  { executor: squareCancelThenRecreate, catches: squareCancelThenRecreateCatches, vendors: SQUARE },
  { executor: paypalRefundWithoutRequestId, catches: paypalRefundWithoutRequestIdCatches, vendors: PAYPAL },
  { executor: paypalMinimalResponse, catches: paypalMinimalResponseCatches, vendors: PAYPAL },
  { executor: sesSdkRetries, catches: sesSdkRetriesCatches, vendors: SES },
  { executor: sesResendsUnfindable, catches: sesResendsUnfindableCatches, vendors: SES },
  { executor: sendgridActivityAsAbsent, catches: sendgridActivityAsAbsentCatches, vendors: SENDGRID },
  { executor: sendgridEmpty202AsUnsent, catches: sendgridEmpty202AsUnsentCatches, vendors: SENDGRID },
]
