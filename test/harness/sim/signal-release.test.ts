// A run's request signals lose their listeners
// and a composite its sources once it ends.
import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { SignalRelease } from '../../../harness/sim/signal-release.ts'

const sourcesOf = (signal: AbortSignal): Set<unknown> | undefined => {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kSourceSignals')
  return key && (signal as unknown as Record<symbol, Set<unknown>>)[key]
}

describe('SignalRelease', () => {
  it('drops every abort listener of the signals held, and a composite its sources', () => {
    const caller = new AbortController()
    const ours = new AbortController()
    const composite = AbortSignal.any([caller.signal, ours.signal])
    const heard: string[] = []
    composite.addEventListener('abort', () => heard.push('composite'), { once: true })
    composite.addEventListener('abort', () => heard.push('again'))
    ours.signal.addEventListener('abort', () => heard.push('ours'))
    expect(sourcesOf(composite)?.size).toBe(2)
    const release = new SignalRelease()
    release.hold(composite)
    release.hold(ours.signal)
    release.release()
    expect(getEventListeners(composite, 'abort')).toEqual([])
    expect(getEventListeners(ours.signal, 'abort')).toEqual([])
    expect(sourcesOf(composite)?.size).toBe(0)
    caller.abort()
    ours.abort()
    expect(heard).toEqual([])
  })

  it('leaves signals it was not given alone, and releases once', () => {
    const other = new AbortController()
    let heard = 0
    other.signal.addEventListener('abort', () => heard++)
    const held = new AbortController()
    const release = new SignalRelease()
    release.hold(held.signal)
    release.release()
    release.release()
    other.abort()
    expect(heard).toBe(1)
  })
})
