// OpenAI Agents JS (`@openai/agents` 0.20): each
// function tool called through its own invoke(),
// as the runner does, with the operation in the
// run context (`runContext.context.faultline`).
import { RunContext, type FunctionTool, type Tool } from '@openai/agents'
import { AdapterError } from '../core/tool-executor.ts'
import type { ToolObservation } from '../core/classifier.ts'
import type { CallContext, Framework, OpenedTool, OpenedTools } from '../core/framework.ts'
import { channelWith } from '../core/operation.ts'
import { defaultErrorText, frameworkErrorText } from './framework-error.ts'
import { inputSchemaOf, withNulls, type ToolParameters } from './input-schema.ts'

// biome-ignore lint/suspicious/noExplicitAny: tools of any context type.
type AnyTool = Tool<any>
// biome-ignore lint/suspicious/noExplicitAny: tools of any context type.
type AnyFunctionTool = FunctionTool<any, any, any>

/**
 * What a team passes: the array it gives `new
 * Agent({ tools })`, or a record of `tool(...)`
 * results. Only function tools can be bound;
 * hosted, computer and shell tools are skipped.
 */
export type AgentsTools = readonly AnyTool[] | Readonly<Record<string, AnyTool>>

interface Opened extends OpenedTool {
  readonly tool: AnyFunctionTool
}

export const openAiAgentsFramework: Framework<AgentsTools> = {
  packageName: '@openai/agents',
  async open(tools) {
    const found = functionTools(tools)
    const defaultText = await defaultErrorText()
    return {
      tools: found.map(({ name, inputSchema }) => ({ name, inputSchema })),
      call: (name, args, ctx) => {
        const t = found.find((f) => f.name === name)
        if (!t) throw new AdapterError(`no function tool "${name}"`)
        return callTool(t, args, ctx, defaultText)
      },
    } satisfies OpenedTools
  },
}

/** The function tools, each with its schema read. */
function functionTools(tools: AgentsTools): Opened[] {
  if (typeof tools !== 'object' || tools === null)
    throw new AdapterError(
      `tools must be an array or a record of @openai/agents tool(...) results, not ${tools === null ? 'null' : typeof tools}`,
    )
  const out: Opened[] = []
  for (const [at, t] of Object.entries(tools) as [string, unknown][]) {
    const kind = (t as { type?: unknown } | null)?.type
    if (kind !== 'function') {
      if (typeof kind === 'string') continue // a hosted tool: not ours to call
      throw new AdapterError(
        `tools.${at} is not an @openai/agents tool: make it with tool({ name, parameters, execute })`,
      )
    }
    const f = t as AnyFunctionTool
    if (typeof f.invoke !== 'function') throw new AdapterError(`tools.${at} ("${f.name}") has no invoke()`)
    if (out.some((o) => o.name === f.name)) throw new AdapterError(`two tools are named "${f.name}"`)
    out.push({ name: f.name, inputSchema: inputSchemaOf(f.parameters as ToolParameters), tool: f })
  }
  if (out.length === 0)
    throw new AdapterError(
      'no function tools: pass the array you give new Agent({ tools }), or a record of tool(...) results',
    )
  return out
}

/**
 * One ask through invoke(runContext, input, details)
 * (agents-core dist/tool.mjs): input is the JSON the
 * model writes; details carries the model's call and
 * the signal, as the runner's toolExecution.mjs does.
 */
async function callTool(
  t: Opened,
  args: Record<string, unknown>,
  ctx: CallContext,
  defaultText: string,
): Promise<ToolObservation> {
  const input = JSON.stringify(withNulls(args, t.tool.parameters as ToolParameters, t.inputSchema))
  const runContext = new RunContext(channelWith(ctx.operation))
  const details = {
    toolCall: { type: 'function_call' as const, callId: ctx.toolCallId, name: t.name, arguments: input },
    signal: ctx.signal,
  }
  let value: unknown
  try {
    // An abort reaches us as a throw: invoke
    // rethrows it rather than call errorFunction.
    value = await t.tool.invoke(runContext, input, details)
  } catch (error) {
    return { kind: 'threw', tool: t.name, error }
  }
  const error = frameworkErrorText(t.tool, value, defaultText)
  if (error !== null) return { kind: 'threw', tool: t.name, error }
  // The value as execute() gave it; the runner
  // sends the model its text (dist/runner/
  // toolExecution.mjs, getToolCallOutputItem).
  return { kind: 'returned', tool: t.name, value }
}
