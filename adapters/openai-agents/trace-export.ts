// Agents JS exports traces to api.openai.com:
// @openai/agents sets a BatchTraceProcessor at
// import (agents-openai dist/openaiTracingExporter
// .mjs, setDefaultOpenAITracingExporter), whose
// export loop re-arms a 5 s timer through the
// global setTimeout (agents-core dist/tracing/
// processor.mjs, #runExportLoop; shims-node.mjs).
import { setTraceProcessors } from '@openai/agents'

let stopped = false

/**
 * Drop that processor, once per process, before
 * any run: nothing can leave, not even from a
 * Runner a team's tool makes itself, and no
 * real-time timer re-arms on a run's virtual
 * clock (which made a run's end depend on when
 * it ran: the same seed, another history).
 */
export function stopTraceExport(): void {
  if (stopped) return
  stopped = true
  // Shuts the old ones down: their timer cleared.
  setTraceProcessors([])
}
