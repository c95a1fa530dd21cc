// Running the matrix: one supervised run per cell (row × client), each a
// scenario of one step with the row's faults, through the cell executor; the
// mapping under audit answers inside the worker. What comes back per cell is
// what the client showed, what the mapping said (or how it failed) and what
// the ledger says. A mapping that blocks or ends its worker costs that cell;
// after it has done so twice, the cells left are reported as not run rather
// than each waiting out its budget.
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClientName } from '../contract/mapping.ts'
import { eventsOf, type History } from '../history/history.ts'
import { SCENARIO_VERSION, type Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from '../supervisor/executor-ref.ts'
import { WorkerPool, type PoolOptions } from '../supervisor/pool.ts'
import type { Answer } from './answer.ts'
import { AUDIT_CASES, type AuditCase } from './cases.ts'
import { cellStepId, type CellExecutorArgument } from './cell-executor.ts'
import { CELL_ACTION, decodeCell } from './cell-message.ts'
import { AUDIT_PAYMENT_INTENT } from './clients.ts'
import { truthOf, type Truth } from './truth.ts'

/** One cell as run: what the client showed and the mapping said, and the ledger's truth. */
export interface RunCell {
  readonly case: string
  readonly client: ClientName
  /** Structural signature of the observation (observation-text.ts); null when nothing was observed. */
  readonly signature: string | null
  readonly shows: string
  readonly answer: Answer
  readonly truth: Truth | null
}

/** Real time one cell may take (a cell takes milliseconds; it is the mapping that could block). */
export const CELL_REAL_MS = 10_000
/** Cells on which the mapping may block or end its worker before the rest are not run. */
const MAX_DEATHS = 2

/** The cell executor as the workers load it (a factory: supervisor/executor-ref.ts). */
export function cellExecutorRef(mappingPath: string, label: string, clients: readonly ClientName[]): ExecutorRef {
  // Next to this file, with this file's extension (.ts from source, .js from a build).
  const path = fileURLToPath(new URL(`./cell-executor${extname(fileURLToPath(import.meta.url))}`, import.meta.url))
  const argument: CellExecutorArgument = { mapping: mappingPath, clients }
  return { kind: 'factory', path, export: 'matrixCellExecutor', argument, label }
}

/** The scenario of one cell: one step (the client and the row in its id), the row's faults, a roomy turn. */
export function cellScenario(row: AuditCase, client: ClientName): Scenario {
  const stepId = cellStepId(client, row.id)
  const email = client === 'resend'
  const processingMs = row.processingMs ?? 20
  return {
    version: SCENARIO_VERSION,
    name: `audit-mapping cell ${stepId}`,
    seed: 1,
    turnBudgetMs: 120_000,
    plan: [
      email
        ? { stepId, tool: 'send_email', args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-AUDIT' } }
        : { stepId, tool: 'issue_refund', args: { payment_intent: AUDIT_PAYMENT_INTENT, amount: 49.9, currency: 'eur', order_id: 'ORD-AUDIT' } },
    ],
    faults: row.faults.map((f) => ({ ...f, step: stepId })) as Scenario['faults'],
    model: { maxAsks: 1, regenerateArgs: false },
    services: {
      payments: { processingMs: email ? 20 : processingMs, paymentIntents: [{ id: AUDIT_PAYMENT_INTENT, amount: 10_000, currency: 'eur' }] },
      ...(email ? { email: { processingMs } } : {}),
    },
  }
}

export interface MatrixOptions {
  /** Absolute path of the mapping module. */
  readonly mapping: string
  /** How the mapping is named in messages. */
  readonly label: string
  readonly clients: readonly ClientName[]
  readonly pool: PoolOptions
}

/** Every cell, rows in the catalogue's order, clients in the order asked. Throws LoadFailure when the mapping cannot be loaded. */
export async function runMatrix(options: MatrixOptions): Promise<RunCell[]> {
  const cells = AUDIT_CASES.flatMap((row) => options.clients.map((client) => ({ row, client })))
  const budgets = { ...options.pool.budgets, runRealMs: Math.min(options.pool.budgets?.runRealMs ?? CELL_REAL_MS, CELL_REAL_MS) }
  const pool = await WorkerPool.open(cellExecutorRef(options.mapping, `mapping module ${options.label}`, options.clients), { ...options.pool, budgets })
  const out: RunCell[] = []
  let deaths = 0
  let next = 0
  try {
    const lane = async () => {
      while (next < cells.length) {
        const i = next++
        const { row, client } = cells[i]!
        if (deaths >= MAX_DEATHS) {
          out[i] = { case: row.id, client, signature: null, shows: '(not run)', truth: null, answer: { problem: 'not-run', detail: `the mapping blocked or ended its worker on ${deaths} cells already` } }
          continue
        }
        // Not replayed when it overruns: a cell takes milliseconds, so ten seconds is the mapping, not the machine.
        const run = await pool.run(cellScenario(row, client), { replay: false })
        if (run.died) deaths++
        out[i] = readCell(row.id, client, run.history, budgets.runRealMs)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, pool.concurrency) }, lane))
  } finally {
    await pool.close()
  }
  return out
}

/** A cell from its run's history: the envelope's report, unless the supervisor found the mapping at fault. */
export function readCell(caseId: string, client: ClientName, history: History, budgetMs = CELL_REAL_MS): RunCell {
  const call = eventsOf(history, 'call-started')[0]?.call ?? null
  const reported = eventsOf(history, 'outcome-reported').find((e) => e.envelope.action_taken === CELL_ACTION)
  const report = reported ? decodeCell(reported.envelope.message) : null
  const fault = eventsOf(history, 'executor-fault')[0]
  const base = { case: caseId, client, signature: report?.signature ?? null, shows: report?.shows ?? '(nothing observed)', truth: call ? truthOf(history, call) : null }
  if (fault) {
    const problem = fault.problem === 'hung' ? 'hung' : fault.problem === 'exited' || fault.problem === 'out-of-memory' ? 'exited' : fault.problem === 'threw' && !report ? 'threw' : 'executor-fault'
    const detail = problem === 'hung' ? `no answer within ${budgetMs / 1000} s of real time (a busy loop, or work that never yields)` : fault.message
    return { ...base, answer: { problem, detail } }
  }
  if (!report) return { ...base, answer: { problem: 'executor-fault', detail: 'the cell reported nothing the audit can read' } }
  return { ...base, answer: report.answer }
}
