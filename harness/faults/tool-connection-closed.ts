import fc from 'fast-check'
import { z } from 'zod'
import { HANDLER_TRUTH, toolTransportFaultKind, type ToolTransportFaultOf } from './tool-transport-fault.ts'

const POINTS = ['request', 'handler', 'answer'] as const

/**
 * tool-transport: the connection closes mid-call.
 * Both ends' Protocol._onclose run: the client
 * rejects -32000 "Connection closed", the server
 * aborts every running handler's extra.signal
 * (shared/protocol.js). A host reconnects for its
 * next call.
 */
export const toolConnectionClosed = toolTransportFaultKind({
  kind: 'tool-connection-closed',
  summary:
    'the connection closes as tools/call is sent (the server never reads it), as its handler starts (its signal aborted), or before its answer is read; the client rejects with McpError -32000 "Connection closed"',
  truth: `no effect if it closes at the request; else ${HANDLER_TRUTH}`,
  params: {
    at: z
      .enum(POINTS)
      .describe('request: before the server reads it; handler: as the handler starts; answer: once it has answered'),
  },
  weight: 1,
  parameters: () => fc.record({ at: fc.constantFrom(...POINTS) }),
  async strike(fault, ctl) {
    if (fault.at === 'request') return ctl.close()
    if (fault.at === 'answer') {
      await ctl.deliver()
      return ctl.close()
    }
    void ctl.deliver()
    // The handler's first await is reached.
    await ctl.hold(0)
    ctl.close()
  },
})
export type ToolConnectionClosed = ToolTransportFaultOf<typeof toolConnectionClosed>
