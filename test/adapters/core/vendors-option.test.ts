// An adapter's tools may say which vendors they
// speak: a campaign of another pair leaves them
// out, as it does an executor declaring them.
import { describe, expect, it } from 'vitest'
import { aiSdkExecutor } from '../../../adapters/ai-sdk/ai-sdk-executor.ts'
import { aiSdkLoopExecutor } from '../../../adapters/ai-sdk/ai-sdk-loop-executor.ts'
import { readDeclaration, unspokenVendor } from '../../../harness/run/executor-declaration.ts'

const binding = { issue_refund: { tool: 'refund', args: {} } }

describe('the vendors option', () => {
  it('is declared, in tool and loop mode, and another pair leaves the tools out', async () => {
    const tool = aiSdkExecutor({ name: 't', tools: () => ({}), binding, vendors: ['square'] })
    const loop = aiSdkLoopExecutor({ name: 'l', agent: () => ({}) as never, binding, vendors: ['square'] })
    for (const executor of [tool, loop]) {
      const declared = await readDeclaration(executor)
      expect(declared).toMatchObject({ vendors: ['square'] })
      if (typeof declared === 'string') throw new Error(declared)
      expect(unspokenVendor(declared, { payments: 'stripe', email: 'resend' })).toBe('stripe')
      expect(unspokenVendor(declared, { payments: 'square', email: 'sendgrid' })).toBeNull()
    }
  })

  it('absent, the tools speak any pair', async () => {
    const declared = await readDeclaration(aiSdkExecutor({ name: 't', tools: () => ({}), binding }))
    expect(declared).not.toHaveProperty('vendors')
  })

  it('a vendor faultline does not play is refused in one line', () => {
    expect(() => aiSdkExecutor({ name: 't', tools: () => ({}), binding, vendors: ['stripee' as 'stripe'] })).toThrow(
      /^vendors: "stripee", which faultline does not play \(use stripe, square, paypal, resend, ses, sendgrid\)$/,
    )
    expect(() => aiSdkExecutor({ name: 't', tools: () => ({}), binding, vendors: [] })).toThrow(/non-empty array/)
  })
})
