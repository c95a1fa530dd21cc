// One module, two uses: the classifier an adapter
// places tool results with is the mapping the
// audit grades.
import { describe, expect, it } from 'vitest'
import { placeOutcome } from '../../../adapters/core/classifier.ts'
import { auditMapping } from '../../../faultline/index.ts'
import classify from '../../../examples/classifiers/text-results.ts'

const place = (value: unknown) => placeOutcome({ kind: 'returned', tool: 'refund_order', value }, classify, 'refund')

describe('examples/classifiers/text-results.ts', () => {
  it("places a tool's words: done, refused, or nothing it can vouch for", () => {
    expect(place('Refunded re_1 for ORD-1042')).toMatchObject({ status: 'SUCCEEDED', retry_safe: false })
    expect(place('Not refunded, nothing was done: the order is closed')).toMatchObject({
      status: 'FAILED_NO_EFFECT',
      retry_safe: false,
    })
    expect(place('The refund service is slow today')).toMatch(/^the classifier cannot place refund_order returned/)
    expect(
      placeOutcome({ kind: 'threw', tool: 'refund_order', error: new Error('socket hang up') }, classify, 'refund'),
    ).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
  })

  it('passes audit-mapping as the correct mapping it delegates to does', async () => {
    const result = await auditMapping({
      mapping: 'examples/classifiers/text-results.ts',
      runs: 0,
      clients: 'fetch,stripe',
      workers: 1,
    })
    expect(result.verdict).toBe('pass')
    expect(result.matrix.cells.length).toBeGreaterThan(0)
  })
})
