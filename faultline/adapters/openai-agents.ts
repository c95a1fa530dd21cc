// faultline/adapters/openai-agents: a team's Agents JS function tools
// gated as they are (docs/adapters.md).
export { openAiAgentsExecutor } from '../../adapters/openai-agents/openai-agents-executor.ts'
export {
  openAiAgentsLoopExecutor,
  type AgentsLoopOptions,
} from '../../adapters/openai-agents/openai-agents-loop-executor.ts'
export type { AgentsTools } from '../../adapters/openai-agents/openai-agents-framework.ts'
export { envelopeSchema } from '../../adapters/core/envelope-schema.ts'
export { operationOf, OPERATION_KEY } from '../../adapters/core/operation.ts'
export { defaultClassifier } from '../../adapters/core/classifier.ts'
export { AdapterError } from '../../adapters/core/tool-executor.ts'
export type { AdapterOptions } from '../../adapters/core/tool-executor.ts'
export type { Binding, ToolBinding, ArgSource } from '../../adapters/core/binding.ts'
export type { Classifier, ToolObservation } from '../../adapters/core/classifier.ts'
export type { Operation } from '../../adapters/core/operation.ts'
