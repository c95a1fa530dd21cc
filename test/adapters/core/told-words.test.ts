// A tool's words, read as a model reads them: the
// same reading in loop mode (what the loop told
// the model) and tool mode (the default classifier).
import { describe, expect, it } from 'vitest'
import { defaultClassifier, placeOutcome } from '../../../adapters/core/classifier.ts'
import { toldOutcome } from '../../../adapters/core/told-outcome.ts'

const told = (value: unknown) => {
  const e = toldOutcome({ kind: 'result', tool: 'refund_order', value }, 'refund')
  return [e.status, e.retry_safe]
}
const classified = (value: unknown) => defaultClassifier({ kind: 'returned', tool: 'refund_order', value })

/** Each value read the same in both modes. */
function readsAs(values: readonly unknown[], loop: unknown[], tool: string): void {
  for (const value of values) {
    expect(told(value), JSON.stringify(value)).toEqual(loop)
    expect(classified(value), JSON.stringify(value)).toBe(tool)
  }
}

describe("a tool's words", () => {
  it('that say nothing was done are a failure, in either mode', () => {
    const texts = [
      'Refund was not processed.',
      'Unable to refund this order.',
      'Refund declined: insufficient balance',
      // Not the outcome left open (a review's cases).
      'Refund failed: you may not have permission to refund this charge.',
      'Payment failed: the customer might not have sufficient funds',
      'Rejected by Stripe: amount too large',
      // agents-core 0.20.0 runner/approvalRejection.mjs
      'Tool execution was not approved.',
      'The order has not been refunded.',
      'No refund was issued.',
      "Refund wasn't processed.",
      "Couldn't refund the order.",
      "The refund didn't go through.",
      'Nothing was sent.',
      'None of it was processed.',
      'Nothing has been charged.',
      'None of the e-mails were sent.',
      'Nothing could be sent.',
      // An Agents probe's tools, read as done.
      'Nothing was sent (too little time left).',
      'We did not send the e-mail.',
      'Nothing was charged because the card was declined',
      'Nothing was sent — the vendor refused the key.',
    ]
    readsAs(texts, ['FAILED_NO_EFFECT', false], 'rejected')
  })

  it('that say nothing happened and invite another ask are a failure safe to retry', () => {
    const texts = [
      'Nothing happened (3 tries); it is safe to ask again.',
      'Stripe returned 429 Too Many Requests.',
      'Service temporarily unavailable, try again later.',
      'Rate limited, please try again later',
      // Two probes' tools, read as done before.
      'Refund not processed: not enough time left in this turn. Nothing was sent; try again.',
      'Unable to send the e-mail: not enough time left in this turn. Nothing was sent; try again.',
      'Nothing was sent (ECONNREFUSED: connect ECONNREFUSED 10.0.0.1:443); you may try again.',
      // "Unknown error" says why, not "may have".
      'The refund failed with an unknown error. Please try again.',
      // A check of the request, not of the outcome.
      'Card declined. Check your card number before retrying.',
      'Invalid email address; check the recipient before retrying',
    ]
    readsAs(texts, ['FAILED_NO_EFFECT', true], 'not-sent')
  })

  it('that leave it open are UNKNOWN, as text, as a status field, or as an error object that says so', () => {
    const open = [
      'The refund may have happened (the connection was reset); do not retry: check its status first.',
      { status: 'unknown', message: 'may have happened' },
      { error: 'The refund may have happened; do not retry.', outcome: 'unknown' },
      { error: { message: 'It might have been applied' } },
      'Refund has not yet been issued.',
      // A LangChain probe's tool, read as done:
      // "gone through" past "may not have".
      "The vendor didn't answer in time; the e-mail may or may not have gone through. Don't ask again until someone checks.",
      'Stripe is unavailable right now, the refund may not have gone through. Please try again',
      'Timed out. Please check the Stripe dashboard before retrying.',
      'Timed out; check whether the refund went through before retrying.',
      'Refund status unknown.',
      // "unknown" then an error on the next line.
      'Outcome unknown\nError: ETIMEDOUT',
    ]
    readsAs(open, ['UNKNOWN', false], 'ambiguous')
  })

  it("that say it was done are done; a value's other fields are not read", () => {
    const done = [
      'Refunded re_1 for 10.00 EUR.',
      'Refund re_1 processed, no error.',
      'Refund processed. Note: this cannot be undone.',
      'Refund re_1 submitted; the card was not charged a fee.',
      'Already done: refund re_1. Nothing was sent again.',
      // "Nothing was" that does not end the claim.
      'Payment captured; nothing was charged twice.',
      'Email delivered to ana@x; nothing was sent to the CC list.',
      'Duplicate request: re_1 already exists, nothing was refunded again.',
      'Refund re_1 issued; the bank did not charge a fee.',
      'Sent em_1 (nothing was sent twice).',
      // Not doing it again is no failure (a review's).
      'Refund re_1 already exists for this payment; did not create another.',
      'Found refund re_1 from the earlier attempt, so I did not refund again.',
      "Refund re_1 already exists; didn't create another.",
      'Refund re_1 covers the items only; it does not refund shipping.',
      'Nothing was refunded since the original refund re_1 covers it',
      'Receipt for order 1 e-mailed to ana@x. Error count: 0.',
    ]
    readsAs(done, ['SUCCEEDED', false], 'applied')
    // JSON text reads as its value in tool mode too.
    expect(classified('{"data":{"id":"em_1"},"error":null}')).toBe('applied')
    expect(classified('{"id":"ch_1","status":"succeeded","outcome":{"risk_level":"unknown"}}')).toBe('applied')
    const charge = { id: 'ch_1', status: 'succeeded', outcome: { risk_level: 'unknown' }, funding: 'unknown' }
    expect(classified(charge)).toBe('applied')
  })

  it('in an error value are a failure, safe to retry if they say so; nothing at all is UNKNOWN', () => {
    const refused = [{ error: { message: 'boom' } }, { error: 'card_declined' }, { ok: false }, new Error('Declined')]
    readsAs(refused, ['FAILED_NO_EFFECT', false], 'rejected')
    const again = [
      { error: 'Nothing happened (3 tries); it is safe to ask again.', outcome: 'not-sent' },
      { success: false, message: 'Too many requests, try again later' },
    ]
    readsAs(again, ['FAILED_NO_EFFECT', true], 'not-sent')
    readsAs([undefined], ['UNKNOWN', false], 'ambiguous')
    // An MCP result handed on as a value.
    const mcp = { content: [{ type: 'text', text: 'The refund may have happened.' }], isError: true }
    readsAs([mcp], ['UNKNOWN', false], 'ambiguous')
  })

  it('in a value that says no error, or succeeded, are not an error', () => {
    const fine = [
      { error: false, id: 're_1', message: 'Refund created' },
      { ok: true, error: '' },
      { ok: true, error: { message: 'none' } },
      { error: null, id: 're_1' },
    ]
    readsAs(fine, ['SUCCEEDED', false], 'applied')
  })

  it("that are faultline's envelope are it, however the JSON is printed", () => {
    const mine = { retry_safe: true, status: 'FAILED_NO_EFFECT', effect: null, action_taken: 'x', message: 'no' }
    const printed = JSON.stringify(mine, null, 2)
    expect(
      placeOutcome({ kind: 'returned', tool: 'refund_order', value: printed }, defaultClassifier, 'refund'),
    ).toEqual(mine)
    expect(told(printed)).toEqual(['FAILED_NO_EFFECT', true])
  })
})
