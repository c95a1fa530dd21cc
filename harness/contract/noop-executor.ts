import type { Executor } from './executor.ts'

/**
 * The no-op executor: does nothing and says so (FAILED_NO_EFFECT, not
 * retry-safe). A baseline that can never duplicate or lie about an effect —
 * useful to check that the judges do not fire on honest inaction.
 */
export const noopExecutor: Executor = {
  name: 'noop',
  async boot() {
    return {
      async callTool(call) {
        return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: `${call.tool} was not performed (no-op executor).` }
      },
    }
  },
}
