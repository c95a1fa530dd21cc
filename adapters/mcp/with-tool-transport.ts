// An MCP adapter's executor declares the
// tool-transport boundary: a campaign then
// strikes its tools/call messages too.
import type { Executor, ExecutorDeclaration } from '../../harness/contract/executor.ts'

export function withToolTransport(executor: Executor): Executor {
  const declare = executor.declare
  return {
    ...executor,
    async declare(): Promise<ExecutorDeclaration> {
      const declared = (await declare?.call(executor)) ?? {}
      return { ...declared, boundaries: ['tool-transport'] }
    },
  }
}
