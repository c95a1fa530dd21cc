// How a send stops waiting for its answer: what
// its fetch carries. The default is a timeout
// signal; the audit's campaign draws others.

/** What one fetch carries, and its clean-up. */
export interface StopWaiting {
  readonly signal?: AbortSignal
  /** An undici Dispatcher (its own timeouts). */
  readonly dispatcher?: unknown
  /** Called once the fetch has settled. */
  done?(): void
}

/** For a send that may wait `timeoutMs`. */
export type GiveUp = (timeoutMs: number) => StopWaiting

/** `AbortSignal.timeout`: a TimeoutError. */
export const timeoutSignal: GiveUp = (ms) => ({ signal: AbortSignal.timeout(ms) })

type AgentCtor = new (options: object) => object

/**
 * Drawn per send (seeded): a timeout signal, a
 * caller's cancel (AbortError), or undici's own
 * timeouts from an Agent, no signal (if given).
 * The audit's campaign, to meet each fetch row.
 */
export function anyWayOfGivingUp(Agent: AgentCtor | null): GiveUp {
  const ways: GiveUp[] = [
    timeoutSignal,
    (ms) => {
      const caller = new AbortController()
      const timer = setTimeout(() => caller.abort(), ms)
      return { signal: caller.signal, done: () => clearTimeout(timer) }
    },
  ]
  if (Agent) ways.push((ms) => ({ dispatcher: new Agent({ headersTimeout: ms, bodyTimeout: ms }) }))
  return (ms) => ways[Math.floor(Math.random() * ways.length)]!(ms)
}
