// MCP's own call path: the team's server reached by
// an SDK Client over the SDK's in-memory transport,
// as a host reaches it; the operation rides `_meta`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ToolContract } from '../../harness/contract/executor.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { CallContext, Framework, OpenedTool, OpenedTools } from '../core/framework.ts'
import { OPERATION_KEY } from '../core/operation.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { type CallToolAnswer, observeResult } from './observe-result.ts'
import { sharedValidator } from './shared-validator.ts'

/**
 * What a team hands over: its server as it would
 * connect it to stdio, tools registered with
 * `registerTool` (or a low-level `Server`).
 */
export type McpTools = McpServer | Server

const PACKAGE = '@modelcontextprotocol/sdk'

export const mcpFramework: Framework<McpTools> = {
  packageName: PACKAGE,
  async open(server) {
    if (!isServer(server))
      throw new AdapterError(
        `the tools must be an McpServer (${PACKAGE}/server/mcp.js) with tools registered, or a factory returning one; got ${oneLine(server)}`,
      )
    // One transport at a time (shared/protocol.js
    // connect() throws): a module-level server a
    // crashed process left connected lets go first.
    if (connected(server)) await server.close()
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    const client = new Client({ name: 'faultline', version: '1' }, { jsonSchemaValidator: sharedValidator })
    try {
      await client.connect(clientSide)
      const tools = await listed(client)
      if (tools.length === 0)
        throw new AdapterError('the McpServer lists no tools: register them with registerTool() before handing it over')
      return opened(client, tools)
    } catch (e) {
      await client.close()
      throw e
    }
  },
}

function opened(client: Client, tools: readonly Tool[]): OpenedTools {
  return {
    tools: tools.map(found),
    async call(name: string, args: Record<string, unknown>, ctx: CallContext) {
      // MCP has no tool-call id: the per-ask id a tool
      // sees is `extra.requestId`, the client's counter.
      try {
        const answer = await client.callTool(
          { name, arguments: args, _meta: { [OPERATION_KEY]: ctx.operation } },
          undefined,
          {
            // On abort the client sends notifications/cancelled
            // (the handler's extra.signal aborts) and rejects
            // with McpError -32001 (shared/protocol.js request()).
            // Its own 60 s default is kept, as a host's:
            // generated turns are ≤ 45 s, so this comes first.
            signal: ctx.signal,
          },
        )
        return observeResult(name, answer as CallToolAnswer)
      } catch (error) {
        return { kind: 'threw', tool: name, error }
      }
    },
    // Closing the client's side closes the server's
    // (inMemory.js close()), freeing it to reconnect.
    close: () => client.close(),
  }
}

/** Every page of tools/list (mcp.js sends one). */
async function listed(client: Client): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return []
  const tools: Tool[] = []
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor })
    tools.push(...page.tools)
    cursor = page.nextCursor
  } while (cursor !== undefined && tools.length < 10_000)
  return tools
}

/** Its schema and declared hints, only those declared. */
function found(tool: Tool): OpenedTool {
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

function isServer(x: unknown): x is McpTools {
  const s = x as Partial<Record<'connect' | 'close', unknown>> | null
  return typeof s === 'object' && s !== null && typeof s.connect === 'function' && typeof s.close === 'function'
}

/** McpServer.isConnected(), or a Server's transport. */
function connected(s: McpTools): boolean {
  return 'isConnected' in s ? s.isConnected() : s.transport !== undefined
}
