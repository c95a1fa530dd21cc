// LangChain.js tools, each called as an agent's
// ToolNode calls it: tool.invoke(toolCall, config).
import type { ClientTool } from '@langchain/core/tools'
import { toJsonSchema } from '@langchain/core/utils/json_schema'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { InputSchema } from '../core/binding.ts'
import type { ToolObservation } from '../core/classifier.ts'
import type { CallContext, Framework, OpenedTools } from '../core/framework.ts'
import { channelWith } from '../core/operation.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { observationOf } from './observation-of.ts'

/**
 * What a team hands createAgent({ tools }): tool(...)
 * results, StructuredTool or asTool() runnables, as
 * an array or a record; each is found by its `name`.
 */
export type LangChainTools = readonly ClientTool[] | Readonly<Record<string, ClientTool>>

/** The part of a tool this adapter uses. */
interface Invokable {
  readonly name: string
  readonly schema: unknown
  invoke(input: unknown, config?: Record<string, unknown>): Promise<unknown>
}

export const langChainFramework: Framework<LangChainTools> = {
  packageName: '@langchain/core',
  async open(tools) {
    const found = toolsOf(tools)
    const byName = new Map(found.map((t) => [t.name, t]))
    return {
      tools: found.map((t) => ({ name: t.name, inputSchema: inputSchemaOf(t) })),
      call: (name, args, ctx) => callOne(byName.get(name)!, args, ctx),
    } satisfies OpenedTools
  },
}

function toolsOf(tools: LangChainTools): Invokable[] {
  if (typeof tools !== 'object' || tools === null)
    throw new AdapterError(`tools must be an array or a record of LangChain tools, not ${oneLine(tools)}`)
  const entries: [string, unknown][] = Array.isArray(tools)
    ? tools.map((t, i) => [`tools[${i}]`, t])
    : Object.entries(tools).map(([k, t]) => [`tools.${k}`, t])
  const out: Invokable[] = []
  for (const [at, t] of entries) {
    const it = t as Partial<Invokable> | null
    if (typeof it?.invoke !== 'function' || typeof it.name !== 'string' || it.schema == null)
      throw new AdapterError(
        `${at} is not a LangChain tool (a name, a schema and invoke()): make it with tool() from "langchain"`,
      )
    if (out.some((o) => o.name === it.name)) throw new AdapterError(`${at}: two tools are named "${it.name}"`)
    out.push(it as Invokable)
  }
  return out
}

/** The JSON Schema LangChain gives the model. */
function inputSchemaOf(t: Invokable): InputSchema {
  try {
    return toJsonSchema(t.schema as Parameters<typeof toJsonSchema>[0]) as InputSchema
  } catch (e) {
    throw new AdapterError(`${t.name}: its schema cannot be read as JSON Schema: ${oneLine(e)}`)
  }
}

/**
 * The config ToolNode passes (langchain/dist/agents/
 * nodes/ToolNode.js): `toolCallId` and the signal;
 * invoke adds `toolCall`. The operation rides in
 * `configurable`, which mergeConfigs keeps.
 */
async function callOne(t: Invokable, args: Record<string, unknown>, ctx: CallContext): Promise<ToolObservation> {
  const { toolCallId, signal, operation } = ctx
  const config = { configurable: channelWith(operation), signal, toolCallId }
  try {
    const out = await untilAborted(t.invoke({ id: toolCallId, name: t.name, args, type: 'tool_call' }, config), signal)
    return observationOf(t.name, out)
  } catch (error) {
    // Bad input (ToolInputParsingException), the
    // tool's own throw, or the signal's reason.
    return { kind: 'threw', tool: t.name, error }
  }
}

/**
 * tool()'s wrapper rejects at the signal, a
 * StructuredTool subclass need not; an agent's graph
 * stops there anyway (langgraph dist/pregel/runner.js
 * races its tasks with the abort).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let stop = (): void => {}
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason)
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', stop))
}
