// The recovery sweeper (rule 7): after a
// restart, look for the effects of intents left
// in flight, confirm what is found, never mark
// an unconfirmed one failed.
import type { IntentLog, Intent } from './intent-log.ts'
import { PROBE_TIMEOUT_MS } from './reconciliation.ts'
import type { Probe } from './tools/tool-adapter.ts'

export interface Sweep {
  readonly log: IntentLog
  /** One probe for the intent's effect. */
  look(intent: Intent, timeoutMs: number): Promise<Probe>
  /** Ms left before the recovery's deadline. */
  left(): number
}

export type Sweeper = (sweep: Sweep) => Promise<void>

export const probeAndConfirm: Sweeper = async ({ log, look, left }) => {
  for (const intent of log.unresolved()) {
    const budget = left()
    if (budget < PROBE_TIMEOUT_MS) continue
    const probe = await look(intent, Math.min(PROBE_TIMEOUT_MS, budget))
    if ('found' in probe && probe.found) log.mark(intent.key, 'SUCCEEDED', { effectId: probe.found })
    else log.mark(intent.key, 'UNKNOWN') // not seen (yet): stays open; never marked failed
  }
}
