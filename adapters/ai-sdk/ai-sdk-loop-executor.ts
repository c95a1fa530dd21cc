// A team's AI SDK agent as a faultline Executor:
// each ask one turn of its loop, faultline's
// model in it; judged is what the loop told it.
import type { Executor } from '../../harness/contract/executor.ts'
import type { LoopOptions } from '../core/loop.ts'
import { loopExecutor } from '../core/loop-executor.ts'
import { type AiSdkAgent, aiSdkLoopFramework } from './ai-sdk-loop-framework.ts'
import type { AiSdkLoopModel } from './ai-sdk-loop-model.ts'

export type { AiSdkAgent, AiSdkAgentLike, AiSdkGenerateSettings } from './ai-sdk-loop-framework.ts'
export type { AiSdkLoopModel } from './ai-sdk-loop-model.ts'

/**
 * `agent: (model, ctx) => new ToolLoopAgent({ model, tools, … })`,
 * or `=> ({ model, tools, … })` for generateText.
 */
export type AiSdkLoopOptions = LoopOptions<AiSdkAgent, AiSdkLoopModel>

export function aiSdkLoopExecutor(options: AiSdkLoopOptions): Executor {
  return loopExecutor(options, aiSdkLoopFramework)
}
