// The reference with a mapping module plugged in as its
// exception mapping: what the audit's consequences run and
// `faultline run --mapping` replays. A factory the
// supervisor's workers call (harness/supervisor/executor-ref.ts).
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createReferenceExecutor, REFERENCE_POLICY } from '../executors/reference/reference.ts'
import { anyWayOfGivingUp } from '../executors/reference/give-up.ts'
import { loadUndiciAgent } from '../harness/audit/clients.ts'
import { loadMapping } from '../harness/audit/load-mapping.ts'
import { withMappingName } from '../harness/audit/with-mapping-name.ts'
import type { Executor } from '../harness/contract/executor.ts'
import type { ExceptionMapping, Observed } from '../harness/contract/mapping.ts'
import type { ExecutorRef } from '../harness/supervisor/executor-ref.ts'

export interface WithMappingArgument {
  /** Absolute path of the mapping module. */
  readonly mapping: string
}

export async function referenceWithMapping(argument: WithMappingArgument): Promise<Executor> {
  // Whatever it answers goes through the reference's classify step, which takes a throw or a non-class as ambiguous.
  const loaded = (await loadMapping(argument.mapping)) as ExceptionMapping
  const mapping: ExceptionMapping = (observed) => (endOfRun(observed) ? 'ambiguous' : loaded(observed))
  const giveUp = anyWayOfGivingUp(await loadUndiciAgent())
  return createReferenceExecutor({ ...REFERENCE_POLICY, mapping, giveUp }, withMappingName(argument.mapping))
}

/**
 * When a run is over, a crashed process's request still pending in the simulated network is ended,
 * and msw answers it with a 500 whose body is the harness's own "faultline: the run is over". The
 * dead process's code then resumes outside the run: a mapping that reads that 500 as not-sent makes
 * it sleep on a real timer before resending, and the supervisor replaces the worker for the timer it
 * left — a second or two per such run. No service answers this: it is not shown to the mapping.
 */
function endOfRun(observed: Observed): boolean {
  if (!('response' in observed) || observed.response.status !== 500) return false
  const message = (observed.response.body as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.startsWith('faultline: ')
}

/** The factory as the workers load it. */
export function withMappingRef(mappingPath: string, label: string): ExecutorRef {
  const path = fileURLToPath(
    new URL(`./reference-with-mapping${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
  )
  const argument: WithMappingArgument = { mapping: mappingPath }
  return { kind: 'factory', path, export: 'referenceWithMapping', argument, label }
}
