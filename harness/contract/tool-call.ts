/**
 * One logical operation a plan asks for. Every
 * ask of the same step is the same tool call.
 */
export interface ToolCall {
  /** The agent run; stable across asks, crashes and restarts. */
  readonly runId: string
  /** The plan step; (runId, stepId) names the tool call. */
  readonly stepId: string
  /** The tool's name, e.g. `issue_refund`. */
  readonly tool: string
  /**
   * Arguments as the model wrote them this
   * time; a later ask may reword them.
   */
  readonly args: Readonly<Record<string, unknown>>
  /**
   * The turn's deadline, epoch ms of the
   * run's clock (compare with `Date.now()`).
   */
  readonly deadline: number
  /**
   * The model's id for this ask, new every
   * ask: it does NOT name the operation.
   * Never use it as an idempotency key.
   */
  readonly toolCallId: string
}
