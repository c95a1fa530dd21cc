// The executor of the matrix's cells (loaded by the supervisor's workers, as
// a factory: supervisor/executor-ref.ts). Each tool call is one cell — its
// step id names the client and the row — and does what the row says: the
// client makes its request(s) against the simulated service, with the row's
// faults striking them, and the mapping under audit is asked about the last
// observation, right there in the worker, where the error is the real object
// the client threw. The result goes back as the envelope's message.
import type { Executor } from '../contract/executor.ts'
import { CLIENT_NAMES, type ClientName, type Observed } from '../contract/mapping.ts'
import { ask } from './answer.ts'
import { auditCase } from './cases.ts'
import { CELL_ACTION, encodeCell } from './cell-message.ts'
import { driver, loadClients, type Driver } from './clients.ts'
import { loadMapping } from './load-mapping.ts'
import { signatureOf, showOf } from './observation-text.ts'

export interface CellExecutorArgument {
  /** Absolute path of the mapping module. */
  readonly mapping: string
  /** The clients its cells drive (their packages are imported up front). */
  readonly clients: readonly ClientName[]
}

/** A cell's step id: `fetch:reset-after-effect`. */
export function cellStepId(client: ClientName, caseId: string): string {
  return `${client}:${caseId}`
}

/** The factory the workers call. What it throws (a mapping that does not load) is a load failure. */
export async function matrixCellExecutor(argument: CellExecutorArgument): Promise<Executor> {
  const mapping = await loadMapping(argument.mapping)
  const modules = await loadClients(argument.clients)
  return {
    name: 'audit-mapping matrix',
    async boot(ctx) {
      const drivers = new Map<ClientName, Driver>()
      return {
        async callTool(call) {
          const [client, caseId] = call.stepId.split(':') as [ClientName, string]
          const row = auditCase(caseId)
          if (!row || !CLIENT_NAMES.includes(client)) throw new Error(`no matrix cell ${call.stepId}`)
          let d = drivers.get(client)
          if (!d) drivers.set(client, (d = driver(client, ctx.services, modules)))
          const key = `audit-${call.runId}-${call.stepId}`.replace(/[^A-Za-z0-9_-]/g, '-')
          let observed: Observed | null = null
          for (const request of row.requests) observed = await (request === 'send' ? d.send(key) : d.probe(key))
          const answer = ask(mapping, observed!)
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: CELL_ACTION, message: encodeCell({ signature: signatureOf(observed!), shows: showOf(observed!), answer }) }
        },
      }
    },
  }
}
