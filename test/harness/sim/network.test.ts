import { describe, expect, it, vi } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('network isolation', () => {
  it('a request to a real host during a run is an error, never a real connection', async () => {
    let seen: unknown = null
    const leaky: Executor = {
      name: 'leaky',
      boot: async () => ({
        async callTool() {
          try {
            await fetch('https://example.com/v1/refunds', { method: 'POST', body: 'x' })
            seen = 'reached'
          } catch (e) {
            seen = e
          }
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { history } = await runScenario(refundScenario(), leaky)
      expect(seen).toBeInstanceOf(Error)
      expect(history.filter((e) => e.type === 'attempt-sent')).toHaveLength(0) // never routed to a mock either
    } finally {
      quiet.mockRestore()
    }
  })

  it('a .test host with no mock service behind it does not resolve (ENOTFOUND)', async () => {
    let seen: unknown = null
    const lost: Executor = {
      name: 'lost',
      boot: async () => ({
        async callTool() {
          seen = await fetch('https://nowhere.test/x').then(
            (r) => r.status,
            (e: unknown) => e,
          )
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    await runScenario(refundScenario(), lost)
    expect(seen).toBeInstanceOf(TypeError)
    expect((seen as TypeError & { cause: { code: string } }).cause.code).toBe('ENOTFOUND')
  })
})
