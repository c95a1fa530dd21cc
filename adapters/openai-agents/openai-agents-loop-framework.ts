// OpenAI Agents JS (`@openai/agents` 0.20) in
// loop mode: the team's Agent run by a Runner,
// faultline's model in it, the operation in the
// run context, tracing off (nothing leaves).
import {
  type Agent,
  type Model,
  type ModelProvider,
  type RunConfig,
  Runner,
  type RunResult,
  type RunToolApprovalItem,
  UserError,
} from '@openai/agents'
import type { LoopAsk, LoopFramework, LoopTold } from '../core/loop.ts'
import { OPERATION_KEY, type Operation } from '../core/operation.ts'
import type { Script } from '../core/scripted-model.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { openAiAgentsFramework } from './openai-agents-framework.ts'
import { ScriptedAgentsModel, textOf } from './openai-agents-loop-model.ts'
import { stopTraceExport } from './trace-export.ts'

// biome-ignore lint/suspicious/noExplicitAny: agents of any context and output.
export type AnyAgent = Agent<any, any>
type Ran = Pick<RunResult<{ faultline: Operation }, AnyAgent>, 'newItems' | 'interruptions' | 'state'>

/**
 * The Runner's settings a team may bring (their
 * toolErrorFormatter, toolExecution, guardrails…).
 * faultline sets the model provider and turns
 * tracing off, whatever is given here.
 */
export type AgentsRunConfig = Omit<
  Partial<RunConfig>,
  'modelProvider' | 'tracingDisabled' | 'tracing' | 'traceIncludeSensitiveData'
>

/** How each turn is run, beside the agent. */
export interface AgentsRunSettings {
  readonly runConfig?: AgentsRunConfig
  /** Runner.run's maxTurns (default 10). */
  readonly maxTurns?: number
  /**
   * A tool with `needsApproval` stops the run for
   * approval: answer as your human would (true:
   * `state.approve`, false: `state.reject`), and
   * the run goes on from its state. Without it the
   * turn ends there, the call never run.
   */
  readonly approve?: (item: RunToolApprovalItem) => boolean | Promise<boolean>
}

/** Rounds of approvals a turn answers before it gives up. */
const MAX_APPROVALS = 10

export function openAiAgentsLoopFramework(settings: AgentsRunSettings = {}): LoopFramework<AnyAgent, Model> {
  // When the team's module is loaded, before runs.
  stopTraceExport()
  return {
    packageName: '@openai/agents',
    model: (script) => new ScriptedAgentsModel(script),
    async open(agent, script) {
      checkAgent(agent, script, settings.runConfig?.model)
      // The tools' schemas, read as tool mode reads them.
      const { tools } = await openAiAgentsFramework.open(agent.tools)
      const model = new ScriptedAgentsModel(script)
      // An agent whose model is a name gets ours
      // too: the Runner resolves names through its
      // provider (dist/run.mjs, #resolveModelForAgent).
      const modelProvider: ModelProvider = { getModel: () => model }
      // Off: no trace or span is made, so nothing is
      // exported to api.openai.com (dist/run.mjs, run:
      // a NoopTrace; dist/runner/tracing.mjs, getTracing).
      const runner = new Runner({ ...settings.runConfig, modelProvider, tracingDisabled: true })
      return { tools, turn: (ask, userText) => turn(runner, agent, ask, userText, settings) }
    },
  }
}

/** One turn through Runner.run, the team's public API. */
async function turn(
  runner: Runner,
  agent: AnyAgent,
  ask: LoopAsk,
  userText: string,
  { maxTurns, approve }: AgentsRunSettings,
): Promise<LoopTold> {
  let result: Ran
  const options = {
    context: { [OPERATION_KEY]: ask.operation },
    signal: ask.signal,
    ...(maxTurns === undefined ? {} : { maxTurns }),
  }
  try {
    result = await runner.run(agent, userText, options)
    // Answered, the run goes on from its state
    // (RunState.approve / reject, then run again).
    for (let n = 0; approve && n < MAX_APPROVALS && result.interruptions.length > 0; n++) {
      for (const item of result.interruptions)
        if (await approve(item)) result.state.approve(item)
        else result.state.reject(item)
      result = await runner.run(agent, result.state, options)
    }
  } catch (e) {
    // The SDK's word for a configuration it refuses.
    if (e instanceof UserError) throw new AdapterError(`@openai/agents refused the agent's configuration: ${e.message}`)
    throw e
  }
  return toldIn(result, ask, approve !== undefined)
}

/**
 * What the run's items say of the call, for a
 * loop that stopped without the model reading
 * its result (toolUseBehavior 'stop_on_first_tool',
 * an approval, or a model that never called).
 */
function toldIn(result: Ran, ask: LoopAsk, approved: boolean): LoopTold {
  for (const item of result.newItems)
    if (
      item.type === 'tool_call_output_item' &&
      item.rawItem.type === 'function_call_result' &&
      item.rawItem.callId === ask.toolCallId
    )
      return { kind: 'result', tool: item.rawItem.name, value: textOf(item.rawItem.output) }
  if (result.interruptions.length > 0)
    return {
      kind: 'nothing',
      reason: approved
        ? `the run still stopped for approval of ${ask.tool} after ${MAX_APPROVALS} rounds of approvals: it did not run`
        : `the run stopped for approval of ${ask.tool}: it did not run (give the executor approve to answer as your human would)`,
    }
  return { kind: 'nothing', reason: `the run ended without a result for ${ask.tool}` }
}

/**
 * The agent and those it hands off to run on
 * faultline's model, or on a name our provider
 * answers: any other Model would be a network.
 */
function checkAgent(agent: AnyAgent, script: Script, runModel: RunConfig['model']): void {
  if (typeof agent !== 'object' || agent === null || typeof agent.name !== 'string' || !Array.isArray(agent.tools))
    throw new AdapterError(
      `agent must return new Agent({ name, model, tools }) from @openai/agents; got ${agent === null ? 'null' : typeof agent}`,
    )
  const notOurs = (m: unknown) =>
    typeof m === 'object' && m !== null && !(m instanceof ScriptedAgentsModel && m.isFor(script))
  if (notOurs(runModel))
    throw new AdapterError("runConfig.model is a Model of your own: leave it out, or pass faultline's model")
  const seen = new Set<AnyAgent>()
  const visit = (a: AnyAgent) => {
    if (seen.has(a)) return
    seen.add(a)
    if (notOurs(a.model))
      throw new AdapterError(
        `agent "${a.name}" has a model of its own: give it the model your agent factory gets, new Agent({ model, … })`,
      )
    for (const h of a.handoffs ?? []) visit(('agent' in h ? h.agent : h) as AnyAgent)
  }
  visit(agent)
}
