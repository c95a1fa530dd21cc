// A team's LangChain agent as a faultline
// Executor: its whole loop (middleware, error
// handlers) under test, faultline's model in it.
import type { Executor } from '../../harness/contract/executor.ts'
import { loopExecutor } from '../core/loop-executor.ts'
import { type LangChainLoopOptions, langChainLoop } from './langchain-loop-framework.ts'

export type { Interrupted, LangChainLoopOptions } from './langchain-loop-framework.ts'

/**
 * Each plan step one agent.invoke() (`agent: (model,
 * ctx) => createAgent({ model, tools, … })`); the
 * outcome judged is what its loop told the model.
 */
export function langChainLoopExecutor(options: LangChainLoopOptions): Executor {
  return loopExecutor(options, langChainLoop(options))
}
