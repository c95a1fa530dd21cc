// How faultline's model reads what a loop told it:
// each framework's own words, placed as a model
// reading them would place them.
import { describe, expect, it } from 'vitest'
import { toldOutcome } from '../../../adapters/core/told-outcome.ts'

const read = (told: Parameters<typeof toldOutcome>[0]) => {
  const e = toldOutcome(told, 'refund')
  return [e.status, e.retry_safe, e.effect?.id ?? null]
}
const error = (text: string) => read({ kind: 'error', tool: 'refund_order', text })
const result = (value: unknown) => read({ kind: 'result', tool: 'refund_order', value })

describe("the model's reading of what its loop said", () => {
  it("the frameworks' fixed texts: a failure it is invited to ask again after", () => {
    // agents-core 0.20.0 dist/tool.mjs: defaultToolErrorFunction and the timeout text.
    expect(result('An error occurred while running the tool. Please try again.')).toEqual([
      'FAILED_NO_EFFECT',
      true,
      null,
    ])
    expect(result("Tool 'refund_order' timed out after 5000ms.")).toEqual(['FAILED_NO_EFFECT', true, null])
    // An MCP host passing the client's -32001 on.
    expect(error('MCP error -32001: Request timed out')).toEqual(['FAILED_NO_EFFECT', true, null])
  })

  it('an error that does not invite a retry: a failure, not safe to ask again', () => {
    expect(error('Error: Your card was declined.')).toEqual(['FAILED_NO_EFFECT', false, null])
    expect(error('AbortError: This operation was aborted')).toEqual(['FAILED_NO_EFFECT', false, null])
  })

  it('words that leave it open are UNKNOWN, never safe to retry, whatever else they say', () => {
    expect(error('The refund may have been applied: do not retry, check its status.')).toEqual(['UNKNOWN', false, null])
    expect(result('Outcome unknown after a timeout; please try again later')).toEqual(['UNKNOWN', false, null])
  })

  it("a value: done, with its id (Resend's data.id too); an error-shaped value is a failure", () => {
    expect(result({ id: 're_1', status: 'succeeded', failure_reason: null })).toEqual(['SUCCEEDED', false, 're_1'])
    expect(result('{"data":{"id":"em_1"}}')).toEqual(['SUCCEEDED', false, 'em_1'])
    expect(result({ error: { message: 'boom' } })).toEqual(['FAILED_NO_EFFECT', false, null])
    expect(result('Refund issued.')).toEqual(['SUCCEEDED', false, null])
  })

  it("faultline's own envelope, as a value or JSON text in any layout, is taken as it is", () => {
    const own = { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'x', message: 'm' }
    expect(toldOutcome({ kind: 'result', tool: 't', value: own }, 'refund')).toEqual(own)
    expect(toldOutcome({ kind: 'result', tool: 't', value: JSON.stringify(own) }, 'refund')).toEqual(own)
    // MCP servers often pretty-print; keys in any order.
    expect(toldOutcome({ kind: 'result', tool: 't', value: JSON.stringify(own, null, 2) }, 'refund')).toEqual(own)
    const reordered = JSON.stringify({
      message: 'm',
      action_taken: 'x',
      effect: null,
      retry_safe: true,
      status: 'FAILED_NO_EFFECT',
    })
    expect(toldOutcome({ kind: 'result', tool: 't', value: reordered }, 'refund')).toEqual(own)
  })

  it("a value's words are not read: a Stripe charge with funding 'unknown' succeeded, with its id", () => {
    const charge = {
      id: 'ch_1',
      object: 'charge',
      status: 'succeeded',
      failure_code: null,
      outcome: { risk_level: 'unknown', type: 'authorized' },
      payment_method_details: { card: { funding: 'unknown' } },
      metadata: { note: 'the customer may have asked twice' },
    }
    expect(result(charge)).toEqual(['SUCCEEDED', false, 'ch_1'])
    expect(result(JSON.stringify(charge, null, 2))).toEqual(['SUCCEEDED', false, 'ch_1'])
    // Resend's answer: { data, error: null }.
    expect(result({ data: { id: 'em_2' }, error: null })).toEqual(['SUCCEEDED', false, 'em_2'])
  })

  it('a text that says it was done is done, failure words in it or not; no result at all is nothing', () => {
    expect(result("Sent 'Your payment failed' to ana@example.test")).toEqual(['SUCCEEDED', false, null])
    expect(result('Refund re_1 succeeded. No error.')).toEqual(['SUCCEEDED', false, null])
    expect(result("Tool 'refund_order' failed after 3 attempts with StripeConnectionError")).toEqual([
      'FAILED_NO_EFFECT',
      false,
      null,
    ])
    expect(result('Error: the e-mail could not be sent')).toEqual(['FAILED_NO_EFFECT', false, null])
    expect(result("Failed: the refund wasn't issued")).toEqual(['FAILED_NO_EFFECT', false, null])
    expect(result(undefined)).toEqual(['UNKNOWN', false, null])
  })

  it('nothing told is nothing conclusive: UNKNOWN, with the reason', () => {
    const e = toldOutcome({ kind: 'nothing', reason: 'the loop threw: boom' }, 'refund')
    expect(e).toMatchObject({ status: 'UNKNOWN', retry_safe: false, action_taken: 'loop-said-nothing' })
    expect(e.message).toBe('the loop threw: boom')
  })
})
