// The vendors a bundled executor speaks are known
// without loading it (compare leaves out the ones
// that do not speak a pair): each must be what
// its own declare() says.
import { describe, expect, it } from 'vitest'
import { BUNDLED, loadBundled } from '../../executors/index.ts'

describe('bundled executors: the vendors they speak', () => {
  it.each(BUNDLED.map((b) => [b.name, b] as const))('%s: the table says what its declare() says', async (name, b) => {
    const executor = await loadBundled(name)
    const declared = await executor.declare?.()
    expect(b.vendors).toEqual(declared?.vendors)
  })

  it('every Stripe/Resend-only executor is among them, the reference speaks all', () => {
    expect(BUNDLED.find((b) => b.name === 'reference')?.vendors).toBeUndefined()
    expect(BUNDLED.find((b) => b.name === 'stripe-sdk-defaults')?.vendors).toEqual(['stripe', 'resend'])
  })
})
