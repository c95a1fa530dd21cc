import fc from 'fast-check'
import { HANDLER_TRUTH, toolTransportFaultKind, type ToolTransportFaultOf } from './tool-transport-fault.ts'

/**
 * tool-transport: the handler runs; its answer
 * is lost. The client waits to its own timeout
 * (MCP 1.32.2: 60 s, DEFAULT_REQUEST_TIMEOUT_MSEC)
 * or its caller's signal, sends
 * notifications/cancelled, rejects -32001
 * (shared/protocol.js request()).
 */
export const toolResponseDropped = toolTransportFaultKind({
  kind: 'tool-response-dropped',
  summary:
    "the server's answer to tools/call is lost; the client waits to its own timeout (60 s by default) or its caller's signal, sends notifications/cancelled and rejects with McpError -32001",
  truth: HANDLER_TRUTH,
  params: {},
  weight: 2,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    await ctl.deliver()
  },
})
export type ToolResponseDropped = ToolTransportFaultOf<typeof toolResponseDropped>
