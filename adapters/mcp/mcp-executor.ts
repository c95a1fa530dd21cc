// A team's MCP server as a faultline Executor:
// each plan step through `client.callTool`.
import type { Executor } from '../../harness/contract/executor.ts'
import { type AdapterOptions, toolExecutor } from '../core/tool-executor.ts'
import { mcpFramework, type McpTools } from './mcp-framework.ts'
import { withToolTransport } from './with-tool-transport.ts'

/**
 * `tools`: an McpServer (tools registered), or
 * `(ctx) => McpServer` for one per process.
 */
export function mcpExecutor(options: AdapterOptions<McpTools>): Executor {
  return withToolTransport(toolExecutor(options, mcpFramework))
}
