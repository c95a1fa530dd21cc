// A run's request signals, let go when it ends.
// undici's Request keeps its signal and abort
// listener in a FinalizationRegistry, Node keeps
// a composite signal with listeners in a set,
// both until a full GC; V8's scavenges follow
// WeakRefs, so through those listeners every
// dead run stayed reachable and was promoted.
import { getEventListeners } from 'node:events'

/** Node's key for a composite's sources. */
let sourcesKey: symbol | undefined

/** Signals only a run's requests listen to. */
export class SignalRelease {
  readonly #signals: AbortSignal[] = []

  hold(signal: AbortSignal): void {
    this.#signals.push(signal)
  }

  /** After the run: their listeners dropped. */
  release(): void {
    for (const signal of this.#signals) cut(signal)
    this.#signals.length = 0
  }
}

function cut(signal: AbortSignal): void {
  for (const listener of getEventListeners(signal, 'abort'))
    signal.removeEventListener('abort', listener as (event: Event) => void)
  // A composite's WeakRefs to its sources.
  sourcesKey ??= Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kSourceSignals')
  const sources = sourcesKey && (signal as unknown as Record<symbol, unknown>)[sourcesKey]
  // Node's SafeSet: a Set, not instanceof one.
  if (Object.prototype.toString.call(sources) === '[object Set]') Set.prototype.clear.call(sources)
}
