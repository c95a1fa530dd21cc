import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd } from './fault.ts'
import { HANDLER_TRUTH, toolTransportFaultKind, type ToolTransportFaultOf } from './tool-transport-fault.ts'

/**
 * Short, around MCP's 60 s default timeout,
 * and landing in the turn's last seconds.
 */
const DELAYS = fc.constantFrom(100, 1_000, 5_000, 59_900, 60_100)

/**
 * tool-transport: the answer arrives `delayMs`
 * late. A client that gave up first has
 * forgotten the request: it drops the answer
 * (protocol.js _onresponse: unknown message ID).
 */
export const toolResponseDelayed = toolTransportFaultKind({
  kind: 'tool-response-delayed',
  summary:
    "the server's answer to tools/call arrives delayMs late: a slow success, or past the client's timeout (or its caller's signal) a -32001 and the late answer dropped",
  truth: HANDLER_TRUTH,
  params: { delayMs: z.int().min(0).max(600_000).describe('how long the answer takes to reach the client') },
  weight: 2,
  parameters: (ctx) => fc.record({ delayMs: fc.oneof(DELAYS, nearTurnEnd(ctx, -4_000, 1_000)) }),
  async strike(fault, ctl) {
    const answer = await ctl.deliver()
    if (!(await ctl.giveUpWithin(fault.delayMs))) ctl.toClient(answer)
  },
})
export type ToolResponseDelayed = ToolTransportFaultOf<typeof toolResponseDelayed>
