// The executor of the matrix's cells, a factory the
// workers load. The mapping is asked in the worker,
// where the error is the client's real object.
import type { Executor } from '../contract/executor.ts'
import { CLIENT_NAMES, type ClientName, type Observed } from '../contract/mapping.ts'
import { ask } from './answer.ts'
import { auditCase } from './cases.ts'
import { CELL_ACTION, encodeCell } from './cell-message.ts'
import { bootClients, driver, loadClients, loadUndiciAgent, type Driver } from './clients.ts'
import { loadMapping } from './load-mapping.ts'
import { signatureOf, showOf } from './observation-text.ts'

export interface CellExecutorArgument {
  /** Absolute path of the mapping module. */
  readonly mapping: string
  /** The clients its cells drive (imported up front). */
  readonly clients: readonly ClientName[]
}

/** A cell's step id: `fetch:reset-after-effect`. */
export function cellStepId(client: ClientName, caseId: string): string {
  return `${client}:${caseId}`
}

/**
 * The factory the workers call. What it throws (a
 * mapping that does not load) is a load failure.
 */
export async function matrixCellExecutor(argument: CellExecutorArgument): Promise<Executor> {
  const mapping = await loadMapping(argument.mapping)
  const modules = await loadClients(argument.clients)
  // Before the runs: an import is real work.
  await loadUndiciAgent()
  return {
    name: 'audit-mapping matrix',
    async boot(ctx) {
      const drivers = new Map<string, Driver>()
      // Outside any call: a PayPal cell's
      // faults meet its refund, not its token.
      const booted = await bootClients(ctx.vendors, modules)
      return {
        async callTool(call) {
          const [client, caseId] = call.stepId.split(':') as [ClientName, string]
          const row = auditCase(caseId)
          if (!row || !CLIENT_NAMES.includes(client)) throw new Error(`no matrix cell ${call.stepId}`)
          const setup = row.client ?? { kind: 'own-timeout' }
          const id = `${client} ${JSON.stringify(setup)}`
          let d = drivers.get(id)
          if (!d) drivers.set(id, (d = driver(client, ctx.services, modules, setup, booted)))
          const key = `audit-${call.runId}-${call.stepId}`.replace(/[^A-Za-z0-9_-]/g, '-')
          let observed: Observed | null = null
          const last = row.requests.length - 1
          for (const [i, request] of row.requests.entries())
            observed = await (request === 'send' ? d.send(key, row.changed === true && i === last) : d.probe(key))
          const answer = ask(mapping, observed!)
          return {
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: CELL_ACTION,
            message: encodeCell({ signature: signatureOf(observed!), shows: showOf(observed!), answer }),
          }
        },
      }
    },
  }
}
