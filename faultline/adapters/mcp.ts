// faultline/adapters/mcp: a team's MCP server
// gated as they are (docs/adapters.md).
export { mcpExecutor } from '../../adapters/mcp/mcp-executor.ts'
export type { McpTools } from '../../adapters/mcp/mcp-framework.ts'
export { envelopeSchema } from '../../adapters/core/envelope-schema.ts'
export { operationOf, OPERATION_KEY } from '../../adapters/core/operation.ts'
export { defaultClassifier } from '../../adapters/core/classifier.ts'
export { AdapterError } from '../../adapters/core/tool-executor.ts'
export type { AdapterOptions } from '../../adapters/core/tool-executor.ts'
export type { Binding, ToolBinding, ArgSource } from '../../adapters/core/binding.ts'
export type { Classifier, ToolObservation } from '../../adapters/core/classifier.ts'
export type { Operation } from '../../adapters/core/operation.ts'
export { mcpLoopExecutor, type McpHost, type McpLoopOptions } from '../../adapters/mcp/mcp-loop-executor.ts'
