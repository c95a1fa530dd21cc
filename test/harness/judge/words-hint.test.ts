// A report read from a tool's words: the
// finding quotes them, says who read them,
// and leaves a tool's own envelope alone.
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../../harness/contract/envelope.ts'
import { falseFailure } from '../../../harness/judge/false-failure.ts'
import { falseSuccess } from '../../../harness/judge/false-success.ts'
import { envelope, history } from './history-builder.ts'

const said = 'refund_order returned Refund declined. Nothing was sent; try again.'
const read = (status: Envelope['status'], action_taken: string): Envelope => ({
  ...envelope(status),
  action_taken,
  message: said,
})

/** SUCCEEDED with no effect, reported as `e`. */
const claimed = (e: Envelope) =>
  falseSuccess(history().callStarted('r/s1').attempt('r/s1', 1).response(1, 400).reportEnvelope('r/s1', 1, e).build())

describe('a finding on a report read from words', () => {
  it("quotes the words the adapter's classifier read", () => {
    const [v] = claimed(read('SUCCEEDED', 'classified-applied'))
    expect(v?.message).toContain(
      `the adapter's classifier made that report, reading "${said}" as SUCCEEDED: if the tool said so, the tool is wrong`,
    )
  })

  it("quotes the words loop mode read as the model's", () => {
    const [v] = claimed(read('SUCCEEDED', 'loop-told-result'))
    expect(v?.message).toContain(`how the model reads what it was told, "${said}" as SUCCEEDED`)
  })

  it("names the framework's or host's wording when the model was told of an error", () => {
    const [v] = claimed(read('SUCCEEDED', 'loop-told-error'))
    expect(v?.message).toContain(`how the model reads what it was told, "${said}" as SUCCEEDED`)
    expect(v?.message).toMatch(/an error's words are your framework's or host's \(MCP's toldOnError, /)
  })

  it("says nothing of words on the tool's own envelope", () => {
    const [v] = claimed(envelope('SUCCEEDED'))
    expect(v?.message).not.toContain('"')
    expect(v?.message).toMatch(/no effect for it$/)
  })

  it('quotes them on a false failure too', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .reportEnvelope('r/s1', 1, read('FAILED_NO_EFFECT', 'classified-not-sent'))
      .build()
    const [v] = falseFailure(h)
    expect(v?.message).toContain(`reading "${said}" as FAILED_NO_EFFECT`)
  })
})
