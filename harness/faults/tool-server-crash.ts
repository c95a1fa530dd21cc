import fc from 'fast-check'
import { z } from 'zod'
import { toolTransportFaultKind, type ToolTransportFaultOf } from './tool-transport-fault.ts'

/**
 * tool-transport: the server runs as its own
 * process over stdio and dies `afterMs` after
 * it got the request. Its pipe closes: the
 * client's Protocol._onclose rejects -32000
 * "Connection closed". Requests it had sent
 * still land; nothing after reaches a service,
 * its timers never fire. The host starts a new
 * server process for its next call.
 */
export const toolServerCrash = toolTransportFaultKind({
  kind: 'tool-server-crash',
  summary:
    'the server process (stdio) dies afterMs after it got tools/call; the client rejects with McpError -32000 "Connection closed"; the host restarts it for the next call',
  truth: "effect iff the handler's request left before the crash",
  params: {
    afterMs: z.int().min(0).max(600_000).describe('virtual ms after the server got the request that it dies'),
  },
  weight: 1,
  // Before, during and after a handler's request.
  parameters: () => fc.record({ afterMs: fc.constantFrom(0, 50, 500, 3_000) }),
  async strike(fault, ctl) {
    void ctl.deliver()
    if (!(await ctl.giveUpWithin(fault.afterMs))) ctl.crashServer()
  },
})
export type ToolServerCrash = ToolTransportFaultOf<typeof toolServerCrash>
