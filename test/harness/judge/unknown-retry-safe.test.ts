import { describe, expect, it } from 'vitest'
import type { Envelope, OutcomeStatus } from '../../../harness/contract/envelope.ts'
import { unknownRetrySafe } from '../../../harness/judge/unknown-retry-safe.ts'
import { history } from './history-builder.ts'

function said(status: OutcomeStatus, retrySafe: boolean): Envelope {
  return { status, retry_safe: retrySafe, effect: null, action_taken: 'gave-up', message: `the call ${status}` }
}

describe('unknownRetrySafe', () => {
  it('fires for UNKNOWN with retry_safe: true', () => {
    const h = history()
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .fault('r/s1', 1, 'after-effect', 'withhold-after-effect')
      .reportEnvelope('r/s1', 1, said('UNKNOWN', true))
      .build()
    const found = unknownRetrySafe(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'unknown-retry-safe',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-effect'],
    })
    expect(found[0]?.message).toContain('ask 1')
    expect(found[0]?.message).toContain('retry_safe: true')
  })

  it('does not fire for UNKNOWN with retry_safe: false', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).reportEnvelope('r/s1', 1, said('UNKNOWN', false)).build()
    expect(unknownRetrySafe(h)).toEqual([])
  })

  it.each<OutcomeStatus>(['FAILED_NO_EFFECT', 'SUCCEEDED'])('does not fire for %s with retry_safe: true', (status) => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).reportEnvelope('r/s1', 1, said(status, true)).build()
    expect(unknownRetrySafe(h)).toEqual([])
  })

  it('fires on a later ask, naming it', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .reportEnvelope('r/s1', 1, said('UNKNOWN', false))
      .callStarted('r/s1', 2)
      .reportEnvelope('r/s1', 2, said('UNKNOWN', true))
      .build()
    const found = unknownRetrySafe(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('ask 2')
  })

  it('reports a call once, for its first offending ask', () => {
    const h = history()
      .callStarted('r/s1', 1)
      .reportEnvelope('r/s1', 1, said('UNKNOWN', true))
      .callStarted('r/s1', 2)
      .reportEnvelope('r/s1', 2, said('UNKNOWN', true))
      .build()
    const found = unknownRetrySafe(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('ask 1')
  })

  it('reports each offending call, and only those', () => {
    const h = history()
      .callStarted('r/s1')
      .reportEnvelope('r/s1', 1, said('UNKNOWN', true))
      .callStarted('r/s2', 1, 'send_email')
      .reportEnvelope('r/s2', 1, said('UNKNOWN', true))
      .callStarted('r/s3')
      .reportEnvelope('r/s3', 1, said('UNKNOWN', false))
      .build()
    expect(unknownRetrySafe(h).map((v) => [v.call, v.tool])).toEqual([
      ['r/s1', 'issue_refund'],
      ['r/s2', 'send_email'],
    ])
  })

  it("does not fire for the builder's default UNKNOWN (retry_safe: false)", () => {
    const h = history().callStarted('r/s1').report('r/s1', 1, 'UNKNOWN').build()
    expect(unknownRetrySafe(h)).toEqual([])
  })
})
