/** One logical operation a plan asks for. Every ask of the same step is the same tool call. */
export interface ToolCall {
  /** The agent run; stable across asks, crashes and restarts. */
  readonly runId: string
  /** The plan step; stable across asks. (runId, stepId) identifies the tool call. */
  readonly stepId: string
  /** The tool's name, e.g. `issue_refund`. */
  readonly tool: string
  /** Arguments as the model wrote them this time (they may be re-worded on a later ask). */
  readonly args: Readonly<Record<string, unknown>>
  /** The turn's deadline, in epoch milliseconds of the run's clock (compare with `Date.now()`). */
  readonly deadline: number
  /**
   * The model's own id for this ask (like an LLM API's tool-call id): new on
   * every ask, so it does NOT name the operation. Never use it as an idempotency key.
   */
  readonly toolCallId: string
}
