// A Client's slots when a simulated process
// dies: its requests hold none, the survivor's
// go, and a Pool waiting on 'drain' hears it.
import { describe, expect, it } from 'vitest'
import type { TimerOwner } from '../../../harness/sim/clock.ts'
import { type Sendable, type SlotClient, Slots } from '../../../harness/sim/undici-slots.ts'

const owner = (generation: number): TimerOwner => ({ generation, call: 'run-1/s1' })

/** A Client of one slot; its 'drain's counted, or thrown. */
function client(onDrain: () => void = () => {}): SlotClient & { drains: number } {
  return {
    pipelining: 1,
    drains: 0,
    emit() {
      this.drains++
      onDrain()
      return true
    },
  }
}

/** A request that never ends (parked), or ends when told. */
function request(generation: number, started: string[], name: string): Sendable {
  return {
    alone: true,
    owner: owner(generation),
    start: () => {
      started.push(name)
      return new Promise(() => {})
    },
    abandon: () => {},
  }
}

describe('Slots when a process dies', () => {
  it("frees the dead process's slots on every Client, even past a 'drain' listener that throws", () => {
    // Freed when told, its throw kept.
    let free: (() => void) | null = null
    const slots = new Slots((fn) => (free = fn))
    const started: string[] = []
    const a = client(() => {
      throw new Error('a listener of a')
    })
    const b = client()
    expect(slots.admit(a, 'o', request(1, started, 'dead on a'))).toBe(false) // full: its Pool waits
    expect(slots.admit(b, 'o', request(1, started, 'dead on b'))).toBe(false)
    expect(slots.admit(b, 'o', request(2, started, 'live on b'))).toBe(false)
    expect(started).toEqual(['dead on a', 'dead on b'])
    slots.died((o) => o.generation === 1)
    expect(started).toHaveLength(2) // not inside the crash's step
    expect(() => free!()).toThrow('a listener of a') // reported, as undici's would be
    // a drained; b's survivor went all the same.
    expect(a.drains).toBe(1)
    expect(started).toEqual(['dead on a', 'dead on b', 'live on b'])
    // A late one of the dead's queues like any.
    expect(slots.admit(b, 'o', request(1, started, 'dead, late'))).toBe(false)
    expect(started.at(-1)).toBe('live on b')
  })
})
