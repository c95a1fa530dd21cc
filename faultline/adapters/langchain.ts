// faultline/adapters/langchain: a team's LangChain.js tools
// gated as they are (docs/adapters.md).
export { langChainExecutor } from '../../adapters/langchain/langchain-executor.ts'
export type { LangChainTools } from '../../adapters/langchain/langchain-framework.ts'
export { envelopeSchema } from '../../adapters/core/envelope-schema.ts'
export { operationOf, OPERATION_KEY } from '../../adapters/core/operation.ts'
export { defaultClassifier } from '../../adapters/core/classifier.ts'
export { AdapterError } from '../../adapters/core/tool-executor.ts'
export type { AdapterOptions } from '../../adapters/core/tool-executor.ts'
export type { Binding, ToolBinding, ArgSource } from '../../adapters/core/binding.ts'
export type { Classifier, ToolObservation } from '../../adapters/core/classifier.ts'
export type { Operation } from '../../adapters/core/operation.ts'
export {
  langChainLoopExecutor,
  type LangChainLoopOptions,
  type Interrupted,
} from '../../adapters/langchain/langchain-loop-executor.ts'
