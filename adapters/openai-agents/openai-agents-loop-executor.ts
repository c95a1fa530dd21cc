// A team's whole OpenAI Agents JS agent as an
// Executor: its tools, their timeouts and error
// functions under test (docs/agent-loops.md).
import type { Model } from '@openai/agents'
import type { Executor } from '../../harness/contract/executor.ts'
import type { LoopOptions } from '../core/loop.ts'
import { loopExecutor } from '../core/loop-executor.ts'
import { type AgentsRunSettings, type AnyAgent, openAiAgentsLoopFramework } from './openai-agents-loop-framework.ts'

/**
 * `agent: (model, ctx) => new Agent({ name, model,
 * tools })`, per process; a string model works as
 * well (faultline's provider answers every name).
 * Each ask is one `Runner.run` of it, with the
 * operation at `runContext.context.faultline`, the
 * turn's deadline as `signal`, tracing off. The
 * outcome judged is what the run told the model.
 */
export type AgentsLoopOptions = LoopOptions<AnyAgent, Model> & AgentsRunSettings

export function openAiAgentsLoopExecutor(options: AgentsLoopOptions): Executor {
  const { runConfig, maxTurns, approve } = options
  return loopExecutor(options, openAiAgentsLoopFramework({ runConfig, maxTurns, approve }))
}
