// A binding's checks at load and its arguments
// per ask; a tool in minor units (Stripe's agent
// toolkit takes cents) is bound with a map.
import { describe, expect, it } from 'vitest'
import { type Binding, bindArgs, bindingProblem, type FoundTool } from '../../../adapters/core/binding.ts'

const cents: FoundTool = {
  name: 'create_refund',
  inputSchema: {
    properties: { payment_intent: { type: 'string' }, amount: { type: 'integer' }, note: { type: 'string' } },
    required: ['payment_intent', 'amount'],
  },
}
const toCents = (major: unknown) => Math.round(Number(major) * 100)
const refund = (amount: Binding[string]['args'][string]): Binding => ({
  issue_refund: { tool: 'create_refund', args: { payment_intent: 'payment_intent', amount } },
})

describe('bindingProblem', () => {
  it('refuses a decimal amount bound as is to an integer field, naming the conversion', () => {
    expect(bindingProblem(refund('amount'), [cents])).toBe(
      `binding.issue_refund.args.amount: create_refund's "amount" is an integer, and issue_refund's amount is a decimal in major units (49.9): convert it, e.g. { from: 'amount', map: (major) => Math.round(Number(major) * 100) } for minor units`,
    )
    expect(bindingProblem(refund({ from: 'amount', map: toCents }), [cents])).toBeNull()
    // A number field takes it as it is.
    const major = {
      ...cents,
      inputSchema: {
        ...cents.inputSchema,
        properties: { ...cents.inputSchema.properties, amount: { type: 'number' } },
      },
    }
    expect(bindingProblem(refund('amount'), [major])).toBeNull()
  })

  it.each([
    [
      { from: 'total', map: toCents },
      `binding.issue_refund.args.amount: "total" is not an argument of issue_refund (use payment_intent, amount, currency, order_id, reason, or { value } for a constant)`,
    ],
    [
      { from: 'amount', map: 100 },
      "binding.issue_refund.args.amount.map: a function from issue_refund's amount to create_refund's amount",
    ],
    [
      { amount: 1 },
      "binding.issue_refund.args.amount: give an argument's name, { value } for a constant, or { from, map } to convert one",
    ],
    [{ value: 5, map: toCents }, 'binding.issue_refund.args.amount: a map converts an argument: give { from, map }'],
  ])('refuses a malformed source in one line: %o', (source, message) => {
    expect(bindingProblem(refund(source as never), [cents])).toBe(message)
  })
})

describe('bindArgs', () => {
  it('maps a source before typing it for the schema, a re-worded "49.90" as 49.9', () => {
    const b = refund({ from: 'amount', map: toCents }).issue_refund!
    const withNote = { ...b, args: { ...b.args, note: { value: 'faultline' } } }
    for (const amount of [49.9, '49.90'])
      expect(bindArgs(withNote, { payment_intent: 'pi_1', amount }, cents.inputSchema)).toEqual({
        payment_intent: 'pi_1',
        amount: 4990,
        note: 'faultline',
      })
  })
})
