// MCP's own call path: the team's server reached by
// an SDK Client over the SDK's in-memory transport,
// as a host reaches it; the operation rides `_meta`.
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ToolContract } from '../../harness/contract/executor.ts'
import type { Framework, OpenedTool, OpenedTools } from '../core/framework.ts'
import { McpConnection, type McpTools, PACKAGE } from './mcp-connection.ts'
import { type CallToolAnswer, observeResult } from './observe-result.ts'

export type { McpTools } from './mcp-connection.ts'

export const mcpFramework: Framework<McpTools> = {
  packageName: PACKAGE,
  async open(server) {
    return opened(await McpConnection.open(server))
  },
}

function opened(connection: McpConnection): OpenedTools {
  return {
    tools: connection.tools.map(found),
    async call(name, args, ctx) {
      // MCP has no tool-call id: the per-ask id a tool
      // sees is `extra.requestId`, the client's counter.
      // Its own 60 s default timeout is kept, as a
      // host's: generated turns are ≤ 45 s, so the
      // turn's signal comes first.
      try {
        const answer = await connection.call(name, args, ctx.operation, { signal: ctx.signal })
        return observeResult(name, answer as CallToolAnswer)
      } catch (error) {
        return { kind: 'threw', tool: name, error }
      }
    },
    close: () => connection.close(),
  }
}

/** Its schema and declared hints, only those declared. */
export function found(tool: Tool): OpenedTool {
  const a = tool.annotations ?? {}
  const contract: ToolContract = {
    ...(typeof a.readOnlyHint === 'boolean' && { readOnly: a.readOnlyHint }),
    ...(typeof a.destructiveHint === 'boolean' && { destructive: a.destructiveHint }),
    ...(typeof a.idempotentHint === 'boolean' && { idempotent: a.idempotentHint }),
  }
  const inputSchema = tool.inputSchema as OpenedTool['inputSchema']
  return Object.keys(contract).length > 0
    ? { name: tool.name, inputSchema, contract }
    : { name: tool.name, inputSchema }
}
