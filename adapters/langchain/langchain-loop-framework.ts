// A team's createAgent() agent with faultline's
// model in it: each ask one agent.invoke(), the
// operation in `configurable`, as tools read it.
import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages'
import type { ClientTool } from '@langchain/core/tools'
import type { LoopFramework, LoopOptions, LoopTold, OpenedLoop } from '../core/loop.ts'
import { OPERATION_KEY } from '../core/operation.ts'
import type { Script } from '../core/scripted-model.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { langChainFramework } from './langchain-framework.ts'
import { FaultlineChatModel } from './langchain-loop-model.ts'
import { toldOf } from './langchain-loop-view.ts'

/**
 * The part of createAgent()'s ReactAgent used
 * (langchain dist/agents/ReactAgent.js): its
 * public `options` and invoke().
 */
export interface LangChainAgent {
  readonly options: {
    readonly tools?: readonly unknown[]
    readonly middleware?: readonly { readonly tools?: readonly unknown[] }[]
  }
  invoke(input: { messages: BaseMessage[] }, config?: Record<string, unknown>): Promise<unknown>
}

/**
 * faultline's chat model as the agent factory
 * gets it. @langchain/core declares its classes
 * twice, for require and for import: typed as
 * faultline's (import) model, a CommonJS
 * project's createAgent refused it (a probe's tsc).
 */
// biome-ignore lint/suspicious/noExplicitAny: either module system's BaseChatModel.
export type LangChainLoopModel = any

export interface LangChainLoopOptions extends LoopOptions<LangChainAgent, LangChainLoopModel> {
  /**
   * The human's answer when a tool or middleware
   * calls interrupt() (an agent with a
   * checkpointer): the next invoke's input, e.g.
   * `new Command({ resume: 'yes' })`. Without it an
   * interrupted turn ends, the model told nothing.
   */
  readonly resume?: (interrupts: readonly Interrupted[]) => unknown
}

/** One pending interrupt(), from `__interrupt__`. */
export interface Interrupted {
  readonly id?: string
  readonly value: unknown
}

/** Threads opened in this worker, for unique ids. */
let threads = 0

/** Resumes in one turn, then it is given up. */
const MAX_RESUMES = 5

/**
 * LangSmith's switches (@langchain/core dist/
 * utils/callbacks.js isTracingEnabled): any one
 * "true" sends every run to api.smith.langchain.com.
 */
const TRACING = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING']

export const langChainLoopFramework = langChainLoop({})

export function langChainLoop({
  resume,
}: Pick<LangChainLoopOptions, 'resume'>): LoopFramework<LangChainAgent, FaultlineChatModel> {
  return {
    packageName: 'langchain',
    model: (script: Script) => new FaultlineChatModel(script),
    async open(agent) {
      const on = TRACING.find((name) => process.env[name] === 'true')
      if (on)
        throw new AdapterError(`${on}=true would send each run to LangSmith: unset it for faultline, runs stay offline`)
      if (typeof agent?.invoke !== 'function' || typeof agent.options !== 'object' || agent.options === null)
        throw new AdapterError(
          'agent must return what createAgent() from "langchain" returns, made with the model given',
        )
      const opened = await langChainFramework.open(toolsOf(agent))
      return {
        tools: opened.tools,
        turn: async (ask, userText) => {
          // A new thread per ask: a checkpointer needs
          // one, and a module's MemorySaver outlives a
          // run, whose seeded call ids come again on
          // a replay: it would resume the old thread.
          const config = {
            configurable: { [OPERATION_KEY]: ask.operation, thread_id: `${ask.toolCallId}#${++threads}` },
            signal: ask.signal,
          }
          let state = await agent.invoke({ messages: [new HumanMessage(userText)] }, config)
          // LangGraph runs the interrupted node again
          // from its start on resume (docs: side effects
          // before interrupt must be idempotent).
          for (let n = 0; resume && n < MAX_RESUMES && interruptsIn(state).length > 0; n++)
            state = await agent.invoke(resume(interruptsIn(state)) as never, config)
          return toldIn(state, ask.toolCallId)
        },
      } satisfies OpenedLoop
    },
  }
}

/** The pending interrupts (Pregel's `__interrupt__`). */
function interruptsIn(state: unknown): Interrupted[] {
  const pending = (state as { __interrupt__?: unknown } | null)?.__interrupt__
  return Array.isArray(pending) ? pending : []
}

/**
 * Its tools and its middleware's (as ReactAgent's
 * constructor gathers them); a provider's own
 * tools (plain objects) are not called here.
 */
function toolsOf(agent: LangChainAgent): ClientTool[] {
  const { tools = [], middleware = [] } = agent.options
  const all = [...tools, ...middleware.flatMap((m) => m?.tools ?? [])]
  return all.filter((t) => typeof (t as { invoke?: unknown } | null)?.invoke === 'function') as ClientTool[]
}

/**
 * The call's ToolMessage in the final state: what
 * the model read, when a loop (returnDirect) ends
 * before calling it again.
 */
function toldIn(state: unknown, toolCallId: string): LoopTold | null {
  const messages = (state as { messages?: unknown } | null)?.messages
  if (!Array.isArray(messages)) return null
  const found = messages.findLast((m) => ToolMessage.isInstance(m) && m.tool_call_id === toolCallId)
  return found ? toldOf(found as ToolMessage) : null
}
