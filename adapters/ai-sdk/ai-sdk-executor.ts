// A team's AI SDK tools as a faultline Executor:
// the shared core, with the AI SDK's call path.
import type { Executor } from '../../harness/contract/executor.ts'
import { type AdapterOptions, toolExecutor } from '../core/tool-executor.ts'
import { type AiSdkTools, aiSdkFramework } from './ai-sdk-framework.ts'

/**
 * `tools`: the record given to `generateText({ tools })`,
 * or a factory making it from faultline's BootContext.
 * Each tool gets the operation as `context.faultline`.
 */
export function aiSdkExecutor(options: AdapterOptions<AiSdkTools>): Executor {
  return toolExecutor(options, aiSdkFramework)
}
