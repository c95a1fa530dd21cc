// The AI SDK's loop as a LoopFramework: a
// team's ToolLoopAgent, or its generateText
// settings, run through the SDK's public API
// with faultline's model in it (ai 7.0.173).
import * as ai from 'ai'
import type { ToolSet } from 'ai'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { LoopAsk, LoopFramework, LoopTold, OpenedLoop } from '../core/loop.ts'
import { OPERATION_KEY, type Operation } from '../core/operation.ts'
import type { Script } from '../core/scripted-model.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { aiSdkFramework } from './ai-sdk-framework.ts'
import { type AiSdkLoopModel, aiSdkLoopModel } from './ai-sdk-loop-model.ts'

/**
 * An agent as the AI SDK's Agent interface has it
 * (`new ToolLoopAgent({ model, tools, … })`).
 */
export interface AiSdkAgentLike {
  readonly version: 'agent-v1'
  readonly tools: ToolSet
  generate(options: { prompt: string; abortSignal?: AbortSignal }): PromiseLike<unknown>
}

/**
 * What the team gives `generateText`, less the
 * prompt: `{ model, tools, stopWhen, timeout, … }`.
 */
export type AiSdkGenerateSettings = Omit<Parameters<typeof ai.generateText<ToolSet>>[0], 'prompt' | 'messages'>

/** A team's agent: a ToolLoopAgent, or generateText's settings. */
export type AiSdkAgent = AiSdkAgentLike | AiSdkGenerateSettings

const PACKAGE = 'ai'
const FIX = `build it with the model faultline passes: agent: (model) => new ToolLoopAgent({ model, tools, … })`
// No telemetry leaves a run: a team's
// integrations would reach their vendor.
const TELEMETRY_OFF = { isEnabled: false } as const

// A script's model's call count, for open().
const CALLS = new WeakMap<Script, () => number>()

export const aiSdkLoopFramework: LoopFramework<AiSdkAgent, AiSdkLoopModel> = {
  packageName: PACKAGE,
  model(script) {
    const { model, calls } = aiSdkLoopModel(script)
    CALLS.set(script, calls)
    return model
  },
  async open(agent, script): Promise<OpenedLoop> {
    const run = runnerOf(agent)
    const opened = await aiSdkFramework.open(run.tools as ToolSet)
    const calls = CALLS.get(script) ?? (() => 0)
    const names = opened.tools.map((t) => t.name)
    return {
      tools: opened.tools,
      async turn(ask, userText) {
        const before = calls()
        let result: unknown
        try {
          result = await run.generate(userText, ask.signal, contextFor(names, run.toolsContext, ask.operation))
        } catch (e) {
          throw misconfigured(e, ask, calls() === before) ?? e
        }
        if (calls() === before) throw new AdapterError(`the agent never called faultline's model: ${FIX}`)
        return toldIn(result, ask.toolCallId)
      },
    }
  },
}

interface Runner {
  readonly tools: unknown
  /** Their toolsContext, kept beside faultline's key. */
  readonly toolsContext: unknown
  generate(prompt: string, signal: AbortSignal, toolsContext: Record<string, unknown>): Promise<unknown>
}

function runnerOf(agent: AiSdkAgent): Runner {
  if (typeof agent !== 'object' || agent === null)
    throw new AdapterError(
      `agent() must return a ToolLoopAgent or generateText's settings { model, tools, … }; got ${oneLine(agent)}`,
    )
  if (isAgent(agent)) {
    // ToolLoopAgent keeps its settings private; its
    // prepareCall spreads generate()'s options over
    // them (dist/index.js, ToolLoopAgent.prepareCall),
    // so toolsContext and telemetry given here win.
    const settings = (agent as { settings?: { model?: unknown; toolsContext?: unknown } }).settings
    if (typeof settings?.model === 'string') throw new AdapterError(`the agent's model is "${settings.model}": ${FIX}`)
    return {
      tools: agent.tools,
      toolsContext: settings?.toolsContext,
      generate: async (prompt, abortSignal, toolsContext) =>
        agent.generate({ prompt, abortSignal, toolsContext, telemetry: TELEMETRY_OFF } as never),
    }
  }
  const {
    prompt: _p,
    messages: _m,
    ...settings
  } = agent as AiSdkGenerateSettings & { prompt?: unknown; messages?: unknown }
  if (typeof settings.model === 'string' || settings.model == null)
    throw new AdapterError(
      `generateText's settings have no model of faultline's (${oneLine(settings.model)}): pass the model faultline gives, agent: (model) => ({ model, tools, … })`,
    )
  return {
    tools: settings.tools,
    toolsContext: settings.toolsContext,
    generate: (prompt, signal, toolsContext) =>
      ai.generateText({
        ...settings,
        prompt,
        abortSignal: settings.abortSignal ? AbortSignal.any([settings.abortSignal, signal]) : signal,
        toolsContext,
        telemetry: TELEMETRY_OFF,
      } as never),
  }
}

function isAgent(agent: object): agent is AiSdkAgentLike {
  return typeof (agent as { generate?: unknown }).generate === 'function'
}

/**
 * Each tool's context: theirs, with the operation
 * under `faultline` (the tool gets its own entry,
 * validated by its contextSchema).
 */
function contextFor(names: readonly string[], theirs: unknown, op: Operation): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of names) {
    const own = (theirs as Record<string, unknown> | null | undefined)?.[name]
    out[name] = { ...(typeof own === 'object' && own !== null ? own : {}), [OPERATION_KEY]: op }
  }
  return out
}

/** A throw that means the module, not the run, is wrong. */
function misconfigured(e: unknown, ask: LoopAsk, modelUnused: boolean): AdapterError | null {
  if (e instanceof AdapterError) return e
  // validateToolContext throws out of the loop.
  if (ai.TypeValidationError.isInstance(e) && e.context?.field === 'tool context')
    return new AdapterError(
      `${e.context.entityName ?? ask.tool}'s contextSchema rejects faultline's context { ${OPERATION_KEY}: … }: declare ${OPERATION_KEY} in it`,
    )
  if (modelUnused && !ask.signal.aborted)
    return new AdapterError(`the agent failed before calling faultline's model (${oneLine(e)}): ${FIX}`)
  return null
}

interface Part {
  readonly type: string
  readonly toolCallId?: string
  readonly toolName?: string
  readonly output?: unknown
  readonly error?: unknown
}

/**
 * The loop stopped without showing the model the
 * result (generateText's default stopWhen is one
 * step): the step's tool-result or tool-error.
 */
function toldIn(result: unknown, toolCallId: string): LoopTold | null {
  const steps = (result as { steps?: readonly { content?: readonly Part[] }[] } | null)?.steps ?? []
  const parts = steps.flatMap((s) => s.content ?? []).filter((p) => p.toolCallId === toolCallId)
  const part = parts.findLast((p) => p.type === 'tool-result' || p.type === 'tool-error')
  if (!part) return null
  const tool = part.toolName ?? ''
  return part.type === 'tool-result'
    ? { kind: 'result', tool, value: part.output }
    : { kind: 'error', tool, text: errorMessage(part.error) }
}

/** @ai-sdk/provider getErrorMessage: what error-text holds. */
function errorMessage(error: unknown): string {
  if (error == null) return 'unknown error'
  if (typeof error === 'string') return error
  if (error instanceof Error) return error.toString()
  return JSON.stringify(error)
}
