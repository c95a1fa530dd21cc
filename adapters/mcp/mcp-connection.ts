// A host's connection to the team's server: an
// SDK Client over the in-memory transport, the
// client's end struck by tool-transport faults,
// the server's work in a process of its own;
// reconnected (restarted) for the next call
// once it closed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { DEFAULT_REQUEST_TIMEOUT_MSEC, type RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { oneLine } from '../../harness/contract/one-line.ts'
import { channelWith, type Operation } from '../core/operation.ts'
import { AdapterError } from '../core/tool-executor.ts'
import type { CallToolAnswer } from './observe-result.ts'
import { sharedValidator } from './shared-validator.ts'
import { toolTransport } from '../../harness/contract/tool-transport.ts'
import { StruckTransport, withTimeOut } from './struck-transport.ts'

/**
 * What a team hands over: its server as it would
 * connect it to stdio, tools registered with
 * `registerTool` (or a low-level `Server`).
 */
export type McpTools = McpServer | Server

export const PACKAGE = '@modelcontextprotocol/sdk'

/** The host's options for each tools/call (protocol.d.ts). */
export type HostRequestOptions = Pick<RequestOptions, 'timeout' | 'resetTimeoutOnProgress' | 'maxTotalTimeout'>

export class McpConnection {
  #server: McpTools
  readonly #client: Client
  /** A new server for a restarted process, if the host has one. */
  readonly #restart: (() => Promise<unknown>) | null
  /** Its server process died: the next call starts one. */
  readonly #state: { crashed: boolean }
  /** Every page of tools/list, at open. */
  readonly tools: readonly Tool[]

  private constructor(
    server: McpTools,
    client: Client,
    tools: readonly Tool[],
    restart: (() => Promise<unknown>) | null,
    state: { crashed: boolean },
  ) {
    this.#server = server
    this.#client = client
    this.tools = tools
    this.#restart = restart
    this.#state = state
  }

  /**
   * `restart`: a new server, as a restarted
   * process builds one (else the same one).
   */
  static async open(server: unknown, restart: (() => Promise<unknown>) | null = null): Promise<McpConnection> {
    const client = new Client({ name: 'faultline', version: '1' }, { jsonSchemaValidator: sharedValidator })
    const state = { crashed: false }
    await connect(serverOf(server), client, () => (state.crashed = true))
    try {
      const tools = await listed(client)
      if (tools.length === 0)
        throw new AdapterError('the McpServer lists no tools: register them with registerTool() before handing it over')
      return new McpConnection(serverOf(server), client, tools, restart, state)
    } catch (e) {
      await client.close()
      throw e
    }
  }

  /**
   * One tools/call, the operation in `_meta`. A
   * fault may fire its timeout: `timeout` is the
   * one the SDK's own timer would report.
   */
  async call(
    name: string,
    args: Readonly<Record<string, unknown>>,
    operation: Operation | null,
    options: HostRequestOptions & { readonly signal: AbortSignal },
  ): Promise<CallToolAnswer> {
    // A host reconnects after a closed connection,
    // and restarts a server whose process died.
    if (this.#client.transport === undefined) {
      if (this.#state.crashed && this.#restart) this.#server = serverOf(await this.#restart())
      this.#state.crashed = false
      await connect(this.#server, this.#client, () => (this.#state.crashed = true))
    }
    const timer = new AbortController()
    const timeout = options.timeout ?? DEFAULT_REQUEST_TIMEOUT_MSEC
    const timeOut = () => timer.abort(McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout }))
    // On abort the client sends notifications/cancelled
    // (the handler's extra.signal aborts) and rejects
    // with McpError -32001 (shared/protocol.js request()).
    const signal = AbortSignal.any([options.signal, timer.signal])
    const answer = await withTimeOut(timeOut, () =>
      this.#client.callTool(
        { name, arguments: { ...args }, ...(operation && { _meta: channelWith(operation) }) },
        undefined,
        // A host that resets on progress listens for it
        // (the server sends none without a token).
        { ...options, signal, ...(options.resetTimeoutOnProgress && { onprogress: () => {} }) },
      ),
    )
    return answer as CallToolAnswer
  }

  // Closing the client's side closes the server's
  // (inMemory.js close()), freeing it to reconnect.
  close(): Promise<void> {
    return this.#client.close()
  }
}

/**
 * One transport at a time (shared/protocol.js
 * connect() throws): a module-level server a
 * crashed process (or a closed connection)
 * left connected lets go first.
 */
async function connect(server: McpTools, client: Client, died: () => void): Promise<void> {
  if (connected(server)) await server.close()
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  // The server's own process (as over stdio): what
  // it does runs there; its crash fences it and
  // closes the pipe. Outside a run: none.
  const process = toolTransport()?.serverProcess() ?? null
  const deliver = serverSide.onmessage
  if (process && deliver) serverSide.onmessage = (message, extra) => process.run(() => deliver(message, extra))
  const crash = () => {
    process?.kill()
    died()
    void clientSide.close()
  }
  try {
    await client.connect(new StruckTransport(clientSide, crash))
  } catch (e) {
    await client.close()
    throw e
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

function serverOf(x: unknown): McpTools {
  if (isServer(x)) return x
  throw new AdapterError(
    `the tools must be an McpServer (${PACKAGE}/server/mcp.js) with tools registered, or a factory returning one; got ${oneLine(x)}`,
  )
}

function isServer(x: unknown): x is McpTools {
  const s = x as Partial<Record<'connect' | 'close', unknown>> | null
  return typeof s === 'object' && s !== null && typeof s.connect === 'function' && typeof s.close === 'function'
}

/** McpServer.isConnected(), or a Server's transport. */
function connected(s: McpTools): boolean {
  return 'isConnected' in s ? s.isConnected() : s.transport !== undefined
}
