// A team's OpenAI Agents JS function tools as an
// Executor: gate them unmodified (docs/adapters.md).
import type { Executor } from '../../harness/contract/executor.ts'
import { toolExecutor, type AdapterOptions } from '../core/tool-executor.ts'
import { openAiAgentsFramework, type AgentsTools } from './openai-agents-framework.ts'
import { stopTraceExport } from './trace-export.ts'

/**
 * `tools`: the array given `new Agent({ tools })`,
 * a record of `tool(...)` results, or a factory of
 * either taking faultline's BootContext. Each tool's
 * `execute(input, runContext, details)` finds the
 * operation at `runContext.context.faultline`
 * (`operationOf(runContext.context)`): derive keys
 * from it, not from `details.toolCall.callId`,
 * which is new every ask. A throw, and the fixed
 * sentence the default errorFunction turns it
 * into, are UNKNOWN by default; a custom
 * errorFunction's text is a returned string, for
 * the classifier to place.
 */
export function openAiAgentsExecutor(options: AdapterOptions<AgentsTools>): Executor {
  // Here, not in open(): that runs inside a run.
  stopTraceExport()
  return toolExecutor(options, openAiAgentsFramework)
}
