// The AI SDK (`ai`) as a Framework: a team's
// ToolSet, each tool run the way generateText's
// loop runs it (node_modules/ai/dist/index.js,
// executeToolCall and doParseToolCall).
// A static import: loaded with the module, never
// inside a run; missing, the supervisor's one line
// names the package and its peer range.
import * as ai from 'ai'
import type { Schema, ToolSet } from 'ai'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { InputSchema } from '../core/binding.ts'
import type { ToolObservation } from '../core/classifier.ts'
import type { CallContext, Framework, OpenedTools } from '../core/framework.ts'
import { channelWith, OPERATION_KEY } from '../core/operation.ts'
import { AdapterError } from '../core/tool-executor.ts'

/**
 * What a team passes: the record it gives
 * `generateText({ tools })`, name → `tool({ … })`.
 */
export type AiSdkTools = ToolSet

type AnyTool = ToolSet[string]

interface Opened {
  readonly tool: AnyTool
  readonly input: Schema<unknown>
  readonly context: Schema<unknown> | null
}

const PACKAGE = 'ai'

// Converting zod to JSON Schema costs; a factory
// re-makes tools per boot from the same schemas.
const SCHEMAS = new WeakMap<object, { schema: Schema<unknown>; json: InputSchema }>()

async function inputOf(name: string, tool: AnyTool): Promise<{ schema: Schema<unknown>; json: InputSchema }> {
  const raw = tool.inputSchema as object | undefined
  const hit = raw && SCHEMAS.get(raw)
  if (hit) return hit
  try {
    const schema = ai.asSchema(raw as Parameters<typeof ai.asSchema>[0]) as Schema<unknown>
    // `jsonSchema` may be a getter, a Promise, or throw.
    const json = (await schema.jsonSchema) as InputSchema
    const made = { schema, json: typeof json === 'object' && json !== null ? json : {} }
    if (raw) SCHEMAS.set(raw, made)
    return made
  } catch (e) {
    throw new AdapterError(`${name}'s inputSchema cannot be read as JSON Schema: ${oneLine(e)}`)
  }
}

function isTool(value: unknown): value is AnyTool {
  return typeof value === 'object' && value !== null && ('inputSchema' in value || 'execute' in value)
}

export const aiSdkFramework: Framework<AiSdkTools> = {
  packageName: PACKAGE,
  async open(tools): Promise<OpenedTools> {
    const entries =
      typeof tools === 'object' && tools !== null && !Array.isArray(tools)
        ? Object.entries(tools).filter(([, t]) => isTool(t))
        : []
    if (entries.length === 0)
      throw new AdapterError(
        `no AI SDK tools to gate (got ${oneLine(Array.isArray(tools) ? 'an array' : tools)}): pass the record you give generateText({ tools }), e.g. { refund_order: tool({ … }) }`,
      )
    const byName = new Map<string, Opened>()
    const found = []
    for (const [name, tool] of entries) {
      const { schema, json } = await inputOf(name, tool)
      byName.set(name, { tool, input: schema, context: tool.contextSchema ? ai.asSchema(tool.contextSchema) : null })
      found.push({ name, inputSchema: json })
    }
    return { tools: found, call: (name, args, ctx) => callTool(name, byName.get(name), args, ctx) }
  },
}

async function callTool(
  name: string,
  opened: Opened | undefined,
  args: Record<string, unknown>,
  ctx: CallContext,
): Promise<ToolObservation> {
  if (!opened) throw new AdapterError(`no AI SDK tool "${name}"`)
  const { tool, input, context } = opened
  // isExecutableTool: without execute the loop
  // hands the call back to the client instead.
  if (typeof tool.execute !== 'function')
    throw new AdapterError(
      `${name} has no execute: a client-side tool, which the AI SDK hands back to the client, not runs; give it an execute to gate it`,
    )
  // doParseToolCall validates the input first and the
  // loop runs only what passes; a failure becomes a
  // tool-error part holding getErrorMessage(error).
  const parsed = await validate(input, args)
  if (!parsed.success) {
    const error = new ai.InvalidToolInputError({ toolName: name, toolInput: JSON.stringify(args), cause: parsed.error })
    return { kind: 'threw', tool: name, error: error.toString() }
  }
  const toolContext = await contextFor(name, context, ctx)
  try {
    const result = tool.execute(parsed.value as never, {
      toolCallId: ctx.toolCallId,
      messages: [],
      abortSignal: ctx.signal,
      context: toolContext as never,
    })
    // provider-utils executeTool: a stream's
    // last value is the tool's output.
    let value: unknown
    if (isAsyncIterable(result)) for await (const part of result) value = part
    else value = await result
    return { kind: 'returned', tool: name, value }
  } catch (error) {
    // executeToolCall: any throw (an abort too)
    // is a tool-error part with the error as is.
    return { kind: 'threw', tool: name, error }
  }
}

/**
 * faultline's context, through the tool's contextSchema
 * as validateToolContext does: the tool sees what the
 * schema keeps, so it must keep `faultline`. The loop
 * throws out of generateText when it rejects it.
 */
async function contextFor(name: string, schema: Schema<unknown> | null, ctx: CallContext): Promise<unknown> {
  // No operation: no context, as a host passes none.
  const value = ctx.operation === null ? undefined : Object.freeze(channelWith(ctx.operation))
  if (!schema) return value
  const checked = await validate(schema, value)
  if (checked.success) return checked.value
  throw new AdapterError(
    value === undefined
      ? `${name}'s contextSchema rejects no context, which a host passing none gives it (passOperation: false): make it optional (${oneLine(checked.error)})`
      : `${name}'s contextSchema rejects faultline's context { ${OPERATION_KEY}: … }: declare ${OPERATION_KEY} in it (${oneLine(checked.error)})`,
  )
}

/** provider-utils' safeValidateTypes, which `ai` keeps to itself. */
async function validate(
  schema: Schema<unknown>,
  value: unknown,
): Promise<{ success: true; value: unknown } | { success: false; error: Error }> {
  if (schema.validate == null) return { success: true, value }
  try {
    const result = await schema.validate(value)
    if (result.success) return result
    return { success: false, error: ai.TypeValidationError.wrap({ value, cause: result.error }) }
  } catch (cause) {
    return { success: false, error: ai.TypeValidationError.wrap({ value, cause }) }
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value != null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
}
