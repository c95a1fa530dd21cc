// A team's LangChain.js tools as a faultline Executor.
import type { Executor } from '../../harness/contract/executor.ts'
import { type AdapterOptions, toolExecutor } from '../core/tool-executor.ts'
import { type LangChainTools, langChainFramework } from './langchain-framework.ts'

/**
 * Each plan step through the binding to one tool's
 * invoke(); the tool reads the operation from
 * `config.configurable.faultline` (operationOf).
 */
export function langChainExecutor(options: AdapterOptions<LangChainTools>): Executor {
  return toolExecutor(options, langChainFramework)
}
