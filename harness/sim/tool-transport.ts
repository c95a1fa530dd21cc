// The run's tool-transport faults, as an MCP
// adapter asks for them: which tools/call of
// which step is struck, recorded to history.
// Attributed by the harness's own context.
import {
  type ServerProcess,
  type StruckCall,
  TOOL_TRANSPORT_KEY,
  type ToolTransportHook,
} from '../contract/tool-transport.ts'
import { type ToolTransportFault, toolTransportKind } from '../faults/catalogue.ts'
import { stepOf } from '../history/call-ids.ts'
import type { HistoryRecorder } from '../history/history.ts'
import { currentContext, runInContext, type WorkContext } from './attribution.ts'
import type { Dead } from './clock.ts'
import type { ProcessTable } from './process-table.ts'

/** No process has it: a dead server's work is fenced. */
const DEAD = 0

export class ToolTransportFaults implements ToolTransportHook {
  /** Faults by `${step} ${n}`. */
  readonly #faults: ReadonlyMap<string, ToolTransportFault>
  /** tools/call per tool call, as faults count. */
  readonly #perCall = new Map<string, number>()
  readonly #history: HistoryRecorder
  readonly #processes: ProcessTable
  readonly #run: symbol
  readonly #died: (dead: Dead) => void

  constructor(
    faults: readonly ToolTransportFault[],
    history: HistoryRecorder,
    processes: ProcessTable,
    run: symbol,
    died: (dead: Dead) => void = () => {},
  ) {
    this.#faults = new Map(faults.map((f) => [`${f.step} ${f.call}`, f]))
    this.#history = history
    this.#processes = processes
    this.#run = run
    this.#died = died
  }

  serverProcess(): ServerProcess {
    let dead = false
    const contexts = new WeakSet<object>()
    const run = this.#run
    return {
      run: (fn) => {
        const host = currentContext()
        if (!host || host.run !== run) return fn()
        // The host's process and call while it
        // lives; no process's once it died.
        const ctx: WorkContext = {
          run,
          call: host.call,
          get generation() {
            return dead ? DEAD : host.generation
          },
        }
        contexts.add(ctx)
        return runInContext(ctx, fn)
      },
      kill: () => {
        dead = true
        this.#died((owner) => contexts.has(owner))
      },
    }
  }

  strike(): StruckCall | null {
    const ctx = currentContext()
    // Outside a call, another run's, or a dead
    // process's: not counted, never struck.
    if (!ctx || ctx.run !== this.#run || ctx.call === null) return null
    if (!this.#processes.isAlive(ctx.generation)) return null
    const n = (this.#perCall.get(ctx.call) ?? 0) + 1
    this.#perCall.set(ctx.call, n)
    const fault = this.#faults.get(`${stepOf(ctx.call)} ${n}`)
    if (!fault) return null
    // attempt 0: a JSON-RPC message, no HTTP attempt.
    this.#history.record({
      type: 'fault-injected',
      attempt: 0,
      call: ctx.call,
      boundary: fault.boundary,
      kind: fault.kind,
    })
    return { kind: fault.kind, play: (ctl) => toolTransportKind(fault).strike(fault as never, ctl) }
  }
}

/** Install the run's hook; returns its undo. */
export function activateToolTransport(hook: ToolTransportHook): () => void {
  Object.defineProperty(holder, TOOL_TRANSPORT_KEY, {
    value: hook,
    configurable: true,
    writable: true,
    enumerable: false,
  })
  return () => {
    if (holder[TOOL_TRANSPORT_KEY] === hook) delete holder[TOOL_TRANSPORT_KEY]
  }
}

const holder = globalThis as { [TOOL_TRANSPORT_KEY]?: ToolTransportHook }
