// Loop mode for MCP: a host's loop around the
// team's server. faultline's model picks the
// tool; the host calls it with its own request
// options and tells the model what came back.
import type { BootContext, Executor } from '../../harness/contract/executor.ts'
import type { IdentityPolicy } from '../../harness/contract/executor.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { VendorName } from '../../harness/contract/vendors.ts'
import type { Binding } from '../core/binding.ts'
import type { LoopAsk, LoopFramework, LoopTold } from '../core/loop.ts'
import { loopExecutor } from '../core/loop-executor.ts'
import type { ModelMove, Script } from '../core/scripted-model.ts'
import { AdapterError } from '../core/tool-executor.ts'
import { type HostRequestOptions, McpConnection, type McpTools, PACKAGE } from './mcp-connection.ts'
import { found } from './mcp-framework.ts'
import type { CallToolAnswer } from './observe-result.ts'
import { withToolTransport } from './with-tool-transport.ts'

/** A host's configuration, as a team runs it. */
export interface McpHost {
  /**
   * The team's server, tools registered; or a
   * factory, called for each server process the
   * host starts (at boot, and after a crash).
   */
  readonly server: McpTools | (() => McpTools | Promise<McpTools>)
  /**
   * The host's options for each tools/call;
   * left out, the SDK's defaults (protocol.js
   * request(): timeout 60 s, no reset on
   * progress, no total cap).
   */
  readonly request?: HostRequestOptions
  /**
   * What the host tells the model when a
   * tools/call fails (default: the error's
   * message, as hosts pass tool errors on).
   */
  readonly toldOnError?: (error: unknown, tool: string) => string
}

export interface McpLoopOptions {
  /** Shown in reports. */
  readonly name: string
  /** The host, once per process (a new server, or the module's). */
  readonly host: McpHost | ((ctx: BootContext) => McpHost | Promise<McpHost>)
  /** faultline's tools onto the team's (docs/adapters.md). */
  readonly binding: Binding
  /** How the tools name an operation (default `per-step`). */
  readonly identity?: IdentityPolicy
  /** The vendors the tools speak; absent: any. */
  readonly vendors?: readonly VendorName[]
}

/** Moves a turn may take before the host stops it. */
const MAX_MOVES = 8

export function mcpLoopExecutor(options: McpLoopOptions): Executor {
  const { host, ...rest } = options
  return withToolTransport(
    loopExecutor<McpHost, Script>(
      { ...rest, agent: (_model, ctx) => (typeof host === 'function' ? host(ctx) : host) },
      mcpLoopFramework,
    ),
  )
}

/** The host's loop: ask the model, call, tell, repeat. */
export const mcpLoopFramework: LoopFramework<McpHost, Script> = {
  packageName: PACKAGE,
  // The host has no model object: the script
  // answers each of its turns directly.
  model: (script) => script,
  async open(host, script) {
    if (typeof host !== 'object' || host === null || !('server' in host))
      throw new AdapterError(`host must be { server, request?, toldOnError? }; got ${oneLine(host)}`)
    const { server } = host
    const connection =
      typeof server === 'function'
        ? await McpConnection.open(await server(), async () => server())
        : await McpConnection.open(server)
    return {
      tools: connection.tools.map(found),
      async turn(ask, userText) {
        const results: { toolCallId: string; told: LoopTold }[] = []
        for (let i = 0; i < MAX_MOVES; i++) {
          const move = script.next({ userText: [userText], results })
          if (move.kind === 'say') return null
          results.push({ toolCallId: move.toolCallId, told: await called(connection, host, move, ask) })
        }
        return { kind: 'nothing', reason: `the host stopped the turn after ${MAX_MOVES} moves` }
      },
      close: () => connection.close(),
    }
  },
}

/** One tools/call, as the host reports it to the model. */
async function called(
  connection: McpConnection,
  host: McpHost,
  move: Extract<ModelMove, { kind: 'call' }>,
  ask: LoopAsk,
): Promise<LoopTold> {
  const tool = move.tool
  try {
    const args = JSON.parse(move.input) as Record<string, unknown>
    const answer = await connection.call(tool, args, ask.operation, { ...host.request, signal: ask.signal })
    const text = textOf(answer)
    return answer.isError === true ? { kind: 'error', tool, text } : { kind: 'result', tool, value: text }
  } catch (error) {
    const text = host.toldOnError ? host.toldOnError(error, tool) : messageOf(error)
    return { kind: 'error', tool, text }
  }
}

/** The content's text, as hosts show a model; else its structured content. */
function textOf(answer: CallToolAnswer): string {
  const texts = (answer.content ?? []).filter((c) => c.type === 'text').map((c) => String(c.text ?? ''))
  if (texts.length > 0) return texts.join('\n')
  return answer.structuredContent === undefined ? '' : JSON.stringify(answer.structuredContent)
}

/** An McpError's message: "MCP error -32001: Request timed out". */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : oneLine(error)
}
