import { describe, expect, it } from 'vitest'
import { callsOf } from '../../../harness/judge/calls.ts'
import type { HistoryEvent } from '../../../harness/history/history.ts'
import { history } from './history-builder.ts'

describe('callsOf', () => {
  it('views a frozen history once (judge() asks a dozen times per run)', () => {
    const h = Object.freeze([...history().callStarted('r/s1').attempt('r/s1', 1).build()])
    expect(callsOf(h)).toBe(callsOf(h))
    expect(callsOf(h).get('r/s1')?.attempts).toHaveLength(1)
  })

  it('views a history that may still change afresh every time', () => {
    const h = [...history().callStarted('r/s1').build()] as HistoryEvent[]
    expect(callsOf(h).get('r/s1')?.attempts).toHaveLength(0)
    h.push(...history().callStarted('r/s1').attempt('r/s1', 1).build().slice(-1))
    expect(callsOf(h).get('r/s1')?.attempts).toHaveLength(1)
  })

  it('views another frozen history as its own', () => {
    const a = Object.freeze([...history().callStarted('r/s1').build()])
    const b = Object.freeze([...history().callStarted('r/s2').build()])
    expect([...callsOf(a).keys()]).toEqual(['r/s1'])
    expect([...callsOf(b).keys()]).toEqual(['r/s2'])
    expect([...callsOf(a).keys()]).toEqual(['r/s1'])
  })
})
