// What an MCP adapter and the open run share at
// the tool-transport boundary: the run decides
// a tools/call's fate; the adapter plays it over
// the SDK's transport (harness/sim, adapters/mcp).

/** An answer the server sent (JSON-RPC, as is). */
export type RpcAnswer = unknown

/**
 * How a struck tools/call can proceed; the
 * MCP adapter implements it over the SDK.
 */
export interface TransportControl {
  /**
   * Hand the request to the server. Resolves
   * with its answer when the server sends one
   * (never if it sends none).
   */
  deliver(): Promise<RpcAnswer>
  /** Hand an answer to the client. */
  toClient(answer: RpcAnswer): void
  /** Wait `ms` of virtual time. */
  hold(ms: number): Promise<void>
  /**
   * True if the client gives up on the request
   * (its timeout, its caller's signal, a closed
   * connection) within `ms`; false if `ms` pass.
   */
  giveUpWithin(ms: number): Promise<boolean>
  /**
   * The client's own timeout fires now: it sends
   * notifications/cancelled and rejects with
   * McpError -32001 "Request timed out".
   */
  timeOut(): void
  /** The connection closes (both ends). */
  close(): void
  /**
   * The server's process dies (stdio): its
   * work is fenced, then its pipe closes.
   */
  crashServer(): void
}

/**
 * A server process of its own (stdio): its work,
 * and its death. Dead, its requests are fenced and
 * its timers gone; those it sent still travel.
 */
export interface ServerProcess {
  /** Run `fn` as this server's work, for the call in flight. */
  run<T>(fn: () => T): T
  /** The process dies now. */
  kill(): void
}

/** A tools/call the run struck, and its fate. */
export interface StruckCall {
  /** The fault kind, for messages. */
  readonly kind: string
  /** Play the fate over the adapter's control. */
  play(ctl: TransportControl): Promise<void>
}

/** What an MCP adapter asks of the open run. */
export interface ToolTransportHook {
  /**
   * A tools/call is leaving the client now:
   * its fault (recorded as struck), or null.
   */
  strike(): StruckCall | null
  /** A new server process, alive until killed. */
  serverProcess(): ServerProcess
}

/**
 * Where the open run's hook is kept. On the global
 * object, under a registered symbol: tsx's
 * tsImport gives an executor module's graph its
 * own copy of the harness (worker-main.ts).
 */
export const TOOL_TRANSPORT_KEY = Symbol.for('faultline.tool-transport')

/** The open run's hook; null outside a run. */
export function toolTransport(): ToolTransportHook | null {
  return (globalThis as { [TOOL_TRANSPORT_KEY]?: ToolTransportHook })[TOOL_TRANSPORT_KEY] ?? null
}
