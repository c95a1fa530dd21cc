// Running the matrix: one supervised run per cell
// (row × client). After two cells that block or end
// a worker, the rest are not run.
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClientName } from '../contract/mapping.ts'
import { eventsOf, type History } from '../history/history.ts'
import { SCENARIO_VERSION, type Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from '../supervisor/executor-ref.ts'
import { WorkerPool, type PoolOptions } from '../supervisor/pool.ts'
import type { Answer } from './answer.ts'
import { AUDIT_CASES, appliesTo, type AuditCase } from './cases.ts'
import { cellStepId, type CellExecutorArgument } from './cell-executor.ts'
import { CELL_ACTION, decodeCell } from './cell-message.ts'
import { AUDIT_PAYMENT_INTENT, CLIENT_VENDOR, EMAIL_CLIENTS } from './clients.ts'
import { truthOf, type Truth } from './truth.ts'

/**
 * One cell as run: what the client showed,
 * what the mapping said, what the ledger says.
 */
export interface RunCell {
  readonly case: string
  readonly client: ClientName
  /**
   * The observation's signature
   * (observation-text.ts); null: none.
   */
  readonly signature: string | null
  readonly shows: string
  readonly answer: Answer
  readonly truth: Truth | null
}

/**
 * Real time per cell: cells take
 * ms; only the mapping could block.
 */
export const CELL_REAL_MS = 10_000
/**
 * Cells that block or end a worker
 * before the rest are skipped.
 */
const MAX_DEATHS = 2

/** The cell executor as workers load it (a factory). */
export function cellExecutorRef(mappingPath: string, label: string, clients: readonly ClientName[]): ExecutorRef {
  // Beside this file, with its
  // extension (.ts source, .js build).
  const path = fileURLToPath(new URL(`./cell-executor${extname(fileURLToPath(import.meta.url))}`, import.meta.url))
  const argument: CellExecutorArgument = { mapping: mappingPath, clients }
  return { kind: 'factory', path, export: 'matrixCellExecutor', argument, label }
}

/**
 * One cell's scenario: one step (client and row
 * in its id), the row's faults, a roomy turn.
 */
export function cellScenario(row: AuditCase, client: ClientName): Scenario {
  const stepId = cellStepId(client, row.id)
  const email = EMAIL_CLIENTS.includes(client)
  const processingMs = row.processingMs ?? 20
  // A vendor's SDK meets the service playing it.
  const vendors = CLIENT_VENDOR[client]
  return {
    version: SCENARIO_VERSION,
    name: `audit-mapping cell ${stepId}`,
    seed: 1,
    ...(vendors ? { vendors } : {}),
    turnBudgetMs: row.turnBudgetMs ?? 120_000,
    plan: [
      email
        ? {
            stepId,
            tool: 'send_email',
            args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-AUDIT' },
          }
        : {
            stepId,
            tool: 'issue_refund',
            args: { payment_intent: AUDIT_PAYMENT_INTENT, amount: 49.9, currency: 'eur', order_id: 'ORD-AUDIT' },
          },
    ],
    faults: row.faults.map((f) => ({ ...f, step: stepId })) as Scenario['faults'],
    model: { maxAsks: 1, regenerateArgs: false },
    services: {
      payments: {
        processingMs: email ? 20 : processingMs,
        paymentIntents: [{ id: AUDIT_PAYMENT_INTENT, amount: 10_000, currency: 'eur' }],
      },
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

/**
 * Every cell, rows in catalogue order,
 * clients as asked (where the row applies). Throws LoadFailure
 * when the mapping cannot be loaded.
 */
export async function runMatrix(options: MatrixOptions): Promise<RunCell[]> {
  const cells = AUDIT_CASES.flatMap((row) =>
    options.clients.filter((client) => appliesTo(row, client)).map((client) => ({ row, client })),
  )
  const budgets = {
    ...options.pool.budgets,
    runRealMs: Math.min(options.pool.budgets?.runRealMs ?? CELL_REAL_MS, CELL_REAL_MS),
  }
  const pool = await WorkerPool.open(
    cellExecutorRef(options.mapping, `mapping module ${options.label}`, options.clients),
    { ...options.pool, budgets },
  )
  const out: RunCell[] = []
  let deaths = 0
  let next = 0
  try {
    const lane = async () => {
      while (next < cells.length) {
        const i = next++
        const { row, client } = cells[i]!
        if (deaths >= MAX_DEATHS) {
          out[i] = {
            case: row.id,
            client,
            signature: null,
            shows: '(not run)',
            truth: null,
            answer: {
              problem: 'not-run',
              detail: `it had blocked or ended its worker on ${deaths} cells already`,
            },
          }
          continue
        }
        // Not replayed on overrun: 10 s is
        // the mapping, not the machine.
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

/**
 * A cell from its run's history: the
 * envelope's report, unless the
 * supervisor found the mapping at fault.
 */
export function readCell(caseId: string, client: ClientName, history: History, budgetMs = CELL_REAL_MS): RunCell {
  const call = eventsOf(history, 'call-started')[0]?.call ?? null
  const reported = eventsOf(history, 'outcome-reported').find((e) => e.envelope.action_taken === CELL_ACTION)
  const report = reported ? decodeCell(reported.envelope.message) : null
  const fault = eventsOf(history, 'executor-fault')[0]
  const base = {
    case: caseId,
    client,
    signature: report?.signature ?? null,
    shows: report?.shows ?? '(nothing observed)',
    truth: call ? truthOf(history, call) : null,
  }
  if (fault) {
    const problem =
      fault.problem === 'hung'
        ? 'hung'
        : fault.problem === 'exited' || fault.problem === 'out-of-memory'
          ? 'exited'
          : fault.problem === 'threw' && !report
            ? 'threw'
            : 'executor-fault'
    const detail =
      problem === 'hung'
        ? `no answer within ${budgetMs / 1000} s of real time (a busy loop, or work that never yields; time in a cell is virtual: Date.now() and performance.now() stand still while the mapping runs, so a loop that waits for them to move never ends)`
        : fault.message
    return { ...base, answer: { problem, detail } }
  }
  if (!report)
    return { ...base, answer: { problem: 'executor-fault', detail: 'the cell reported nothing the audit can read' } }
  return { ...base, answer: report.answer }
}
