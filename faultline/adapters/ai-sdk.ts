// faultline/adapters/ai-sdk: a team's AI SDK tools
// gated as they are (docs/adapters.md).
export { aiSdkExecutor } from '../../adapters/ai-sdk/ai-sdk-executor.ts'
export type { AiSdkTools } from '../../adapters/ai-sdk/ai-sdk-framework.ts'
export { envelopeSchema } from '../../adapters/core/envelope-schema.ts'
export { operationOf, OPERATION_KEY } from '../../adapters/core/operation.ts'
export { defaultClassifier } from '../../adapters/core/classifier.ts'
export { AdapterError } from '../../adapters/core/tool-executor.ts'
export type { AdapterOptions } from '../../adapters/core/tool-executor.ts'
export type { Binding, ToolBinding, ArgSource } from '../../adapters/core/binding.ts'
export type { Classifier, ToolObservation } from '../../adapters/core/classifier.ts'
export type { Operation } from '../../adapters/core/operation.ts'
export {
  aiSdkLoopExecutor,
  type AiSdkLoopOptions,
  type AiSdkAgent,
  type AiSdkLoopModel,
} from '../../adapters/ai-sdk/ai-sdk-loop-executor.ts'
