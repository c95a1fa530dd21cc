import { getRandomValues, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { installSandbox } from '../../../harness/sim/sandbox.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('sandbox', () => {
  it('seeds Math.random and randomUUID (also the named node:crypto import) for the run, then restores them', () => {
    const originals = { random: Math.random, uuid: globalThis.crypto.randomUUID, fetch: globalThis.fetch }
    const draw = (seed: number) => {
      const s = installSandbox(seed)
      try {
        return [Math.random(), Math.random(), crypto.randomUUID(), randomUUID()]
      } finally {
        s.dispose()
      }
    }
    const a = draw(42)
    const b = draw(42)
    const c = draw(43)
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
    expect(a[2]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Math.random).toBe(originals.random)
    expect(globalThis.crypto.randomUUID).toBe(originals.uuid)
    expect(globalThis.fetch).toBe(originals.fetch)
  })

  it("seeds crypto.getRandomValues (LangGraph's ids, uuid libraries) on a stream of its own, Node's errors kept", () => {
    const original = globalThis.crypto.getRandomValues
    const draw = (seed: number, bytesFirst: boolean) => {
      const s = installSandbox(seed)
      try {
        const bytes = () => [...crypto.getRandomValues(new Uint8Array(8)), ...getRandomValues(new Uint32Array(2))]
        if (!bytesFirst) return { random: Math.random(), bytes: bytes() }
        const b = bytes()
        return { random: Math.random(), bytes: b }
      } finally {
        s.dispose()
      }
    }
    const a = draw(42, false)
    expect(draw(42, true)).toEqual(a) // Math.random's draws are not shifted
    expect(draw(43, false).bytes).not.toEqual(a.bytes)
    const s = installSandbox(42)
    try {
      expect(() => crypto.getRandomValues(new Float64Array(2) as never)).toThrow()
      expect(() => crypto.getRandomValues(new Uint8Array(65_537))).toThrow()
    } finally {
      s.dispose()
    }
    expect(globalThis.crypto.getRandomValues).toBe(original)
  })

  it('undoes every patch when the executor under test throws and when it hangs', async () => {
    const before = {
      random: Math.random,
      setTimeout: globalThis.setTimeout,
      Date: globalThis.Date,
      fetch: globalThis.fetch,
    }
    const throwing: Executor = {
      name: 'throws',
      boot: async () => ({
        callTool: async () => {
          throw new Error('boom')
        },
      }),
    }
    const hanging: Executor = { name: 'hangs', boot: async () => ({ callTool: () => new Promise(() => {}) }) }
    const bootFails: Executor = {
      name: 'boot-fails',
      boot: async () => {
        throw new Error('no boot')
      },
    }
    for (const ex of [throwing, hanging, bootFails]) {
      const { history } = await runScenario(refundScenario(), ex)
      expect(history.some((e) => e.type === 'executor-fault')).toBe(true)
      expect(Math.random).toBe(before.random)
      expect(globalThis.setTimeout).toBe(before.setTimeout)
      expect(globalThis.Date).toBe(before.Date)
      expect(globalThis.fetch).toBe(before.fetch)
    }
  })

  it('restores a global someone replaced while it was patched, and says so', () => {
    const original = Math.random
    const RealDate = globalThis.Date
    const s = installSandbox(1)
    Math.random = () => 0.5
    expect(() => s.dispose()).toThrow(/Math.random was replaced/)
    expect(Math.random).toBe(original)
    expect(globalThis.Date).toBe(RealDate) // the other patches were undone too
  })

  it('an executor that replaces a global is a finding, not a crash of the harness', async () => {
    const original = Math.random
    const tamperer: Executor = {
      name: 'tamperer',
      boot: async () => {
        Math.random = () => 0.5
        return {
          callTool: async () => ({
            status: 'FAILED_NO_EFFECT',
            retry_safe: false,
            effect: null,
            action_taken: 'none',
            message: '',
          }),
        }
      },
    }
    const { history } = await runScenario(refundScenario(), tamperer)
    expect(history.filter((e) => e.type === 'executor-fault')).toEqual([
      expect.objectContaining({ problem: 'tampered', message: 'replaced Math.random during the run (restored)' }),
    ])
    expect(Math.random).toBe(original)
  })
})
