// How a send stops waiting for its answer: what
// its fetch carries. The default is a timeout
// signal; the audit's campaign draws others.
import type { StopWaiting } from './tools/stop-waiting.ts'

/** For a send that may wait `timeoutMs`. */
export type GiveUp = (timeoutMs: number) => StopWaiting

/** `AbortSignal.timeout`: a TimeoutError. */
export const timeoutSignal: GiveUp = (ms) => ({ signal: AbortSignal.timeout(ms) })

type AgentCtor = new (options: object) => object

/**
 * Drawn per send (seeded): a timeout signal, a
 * caller's cancel (AbortError), or undici's own
 * timeouts from an Agent (if given), a signal
 * behind them. The audit's campaign, to meet
 * each fetch row.
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
  if (Agent)
    ways.push((ms) => {
      // undici's timers tick every 499 ms and its
      // body timeout is idle time: at half the
      // budget they mostly fire first, and a
      // signal at the whole keeps the deadline.
      const undici = Math.max(1, Math.floor(ms / 2))
      return {
        dispatcher: new Agent({ headersTimeout: undici, bodyTimeout: undici }),
        signal: AbortSignal.timeout(ms),
      }
    })
  return (ms) => ways[Math.floor(Math.random() * ways.length)]!(ms)
}
