// faultline's model as an Agents JS Model
// (agents-core 0.20 dist/model.d.ts): it reads
// the request's input items, as a model reads
// its conversation, and answers from a Script.
import {
  type AgentInputItem,
  type AssistantMessageItem,
  type FunctionCallItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents'
import type { ModelMove, ModelView, Script } from '../core/scripted-model.ts'
import { inputSchemaOf, type ToolParameters, withNulls } from './input-schema.ts'

/**
 * What the runner calls for every model turn
 * (dist/run.mjs, Runner.run): getResponse, or
 * getStreamedResponse under `stream: true`.
 */
export class ScriptedAgentsModel implements Model {
  readonly #script: Script

  constructor(script: Script) {
    this.#script = script
  }

  /** The Script behind it, to tell ours apart. */
  isFor(script: Script): boolean {
    return this.#script === script
  }

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    return Promise.resolve({ usage: new Usage(), output: [this.#answer(request)] })
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const output = [this.#answer(request)]
    // Only the last event carries the turn's items
    // (dist/run.mjs reads `response_done`).
    const usage = { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 }
    yield { type: 'response_done', response: { id: 'faultline', usage, output } }
  }

  #answer(request: ModelRequest): AssistantMessageItem | FunctionCallItem {
    return outputOf(this.#script.next(viewOf(request.input)), request)
  }
}

/**
 * The conversation as the model reads it: user
 * turns' text, and each function_call_result
 * (dist/runner/toolExecution.mjs,
 * getToolCallOutputItem) by its callId. Agents JS
 * marks no result as an error: all is text.
 */
export function viewOf(input: string | readonly AgentInputItem[]): ModelView {
  if (typeof input === 'string') return { userText: [input], results: [] }
  const userText: string[] = []
  const results: ModelView['results'][number][] = []
  for (const item of input) {
    if (item.type === 'function_call_result')
      results.push({ toolCallId: item.callId, told: { kind: 'result', tool: item.name, value: textOf(item.output) } })
    else if ((item.type ?? 'message') === 'message' && 'role' in item && item.role === 'user')
      userText.push(textOf(item.content))
  }
  return { userText, results }
}

/** A move as the Responses-shaped output item. */
function outputOf(move: ModelMove, request: ModelRequest): AssistantMessageItem | FunctionCallItem {
  if (move.kind === 'say')
    return {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: move.text }],
    }
  return {
    type: 'function_call',
    callId: move.toolCallId,
    name: move.tool,
    arguments: strictInput(move, request),
    status: 'completed',
  }
}

/**
 * Strict mode (the default) asks the model for
 * every field, null where it has no value
 * (dist/utils/tools.mjs, toOpenAIStrictToolSchema):
 * written as the tool's schema in the request says.
 */
function strictInput(move: Extract<ModelMove, { kind: 'call' }>, request: ModelRequest): string {
  const declared = request.tools.find((t) => t.type === 'function' && t.name === move.tool)
  if (!declared || !('parameters' in declared) || !('strict' in declared) || !declared.strict) return move.input
  const parameters = declared.parameters as ToolParameters
  const args = JSON.parse(move.input) as Record<string, unknown>
  return JSON.stringify(withNulls(args, parameters, inputSchemaOf(parameters)))
}

/**
 * A result's or message's text: a string, a
 * `{ type: 'text' }` output, or the text parts
 * of a list (input_text, output_text).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(textOf).join('')
  const v = value as { type?: unknown; text?: unknown } | null
  if (typeof v?.text === 'string') return v.text
  return JSON.stringify(value) ?? String(value)
}
