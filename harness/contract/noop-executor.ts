import type { Executor } from './executor.ts'

/**
 * Does nothing and says so (FAILED_NO_EFFECT):
 * a baseline the judges must not fire on.
 */
export const noopExecutor: Executor = {
  name: 'noop',
  async boot() {
    return {
      async callTool(call) {
        return {
          status: 'FAILED_NO_EFFECT',
          retry_safe: false,
          effect: null,
          action_taken: 'none',
          message: `${call.tool} was not performed (no-op executor).`,
        }
      },
    }
  },
}
