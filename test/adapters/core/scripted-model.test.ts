// faultline's model in a loop: it calls the ask's
// tool once, reads the loop's answer for that call
// id and no other, then stops.
import { describe, expect, it } from 'vitest'
import type { LoopAsk } from '../../../adapters/core/loop.ts'
import { Script } from '../../../adapters/core/scripted-model.ts'

const ask = (toolCallId: string): LoopAsk => ({
  tool: 'refund_order',
  args: { amount: 49.9 },
  toolCallId,
  operation: { runId: 'r', stepId: 's1', tool: 'refund_order', deadline: 0, identity: 'per-step' },
  signal: new AbortController().signal,
})

describe('the script a loop model answers from', () => {
  it('asks for the tool, then reads its own result and stops; end() hands it over once', () => {
    const script = new Script()
    const text = script.begin(ask('call_a1'))
    expect(text).toContain('[faultline ask call_a1]')
    expect(script.next({ userText: [text], results: [] })).toEqual({
      kind: 'call',
      toolCallId: 'call_a1',
      tool: 'refund_order',
      input: '{"amount":49.9}',
    })
    const told = { kind: 'result', tool: 'refund_order', value: 'ok' } as const
    const other = { kind: 'error', tool: 'refund_order', text: 'not mine' } as const
    const move = script.next({
      userText: [text],
      results: [
        { toolCallId: 'call_zz', told: other },
        { toolCallId: 'call_a1', told },
      ],
    })
    expect(move.kind).toBe('say')
    expect(script.end('call_a1')).toEqual(told)
    expect(script.end('call_a1')).toBeNull()
  })

  it('the first answer it read stands; a turn that names no ask gets no tool call', () => {
    const script = new Script()
    const text = script.begin(ask('call_b2'))
    const first = { kind: 'error', tool: 'refund_order', text: 'timed out' } as const
    script.next({ userText: [text], results: [{ toolCallId: 'call_b2', told: first }] })
    script.next({
      userText: [text],
      results: [{ toolCallId: 'call_b2', told: { kind: 'result', tool: 'refund_order', value: 'late' } }],
    })
    expect(script.end('call_b2')).toEqual(first)
    expect(script.next({ userText: ['hello'], results: [] }).kind).toBe('say')
  })

  it("an abandoned turn's model finds its own ask by the text, not the latest", () => {
    const script = new Script()
    const older = script.begin(ask('call_c3'))
    script.begin(ask('call_d4'))
    expect(script.next({ userText: [older], results: [] })).toMatchObject({ kind: 'call', toolCallId: 'call_c3' })
  })
})
