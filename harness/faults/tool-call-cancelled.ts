import fc from 'fast-check'
import { z } from 'zod'
import { HANDLER_TRUTH, toolTransportFaultKind, type ToolTransportFaultOf } from './tool-transport-fault.ts'

/**
 * tool-transport: the client's timeout fires
 * `afterMs` after the server got the request.
 * A handler still running has its extra.signal
 * aborted (protocol.js _oncancel), and the
 * server sends no answer even if it goes on
 * to apply its effect (_onrequest: `if
 * (abortController.signal.aborted) return`).
 * A handler done sooner had its answer held
 * in transit: the cancellation comes after
 * it finished. Either way the caller is told
 * -32001 "Request timed out", and can never
 * learn what happened.
 */
export const toolCallCancelled = toolTransportFaultKind({
  kind: 'tool-call-cancelled',
  summary:
    'the client times out afterMs after the server got tools/call and sends notifications/cancelled: a running handler is aborted (its effect may still land) and no answer comes; the client rejects with McpError -32001 "Request timed out" at once',
  truth: HANDLER_TRUTH,
  params: {
    afterMs: z
      .int()
      .min(0)
      .max(600_000)
      .describe("virtual ms after the server got the request that the client's timeout fires"),
  },
  weight: 2,
  // Before, during and after a handler's
  // request (services take 20 ms to 2 s).
  parameters: () => fc.record({ afterMs: fc.constantFrom(0, 50, 500, 3_000) }),
  async strike(fault, ctl) {
    // Any answer is held: the client never reads it.
    void ctl.deliver()
    if (!(await ctl.giveUpWithin(fault.afterMs))) ctl.timeOut()
  },
})
export type ToolCallCancelled = ToolTransportFaultOf<typeof toolCallCancelled>
