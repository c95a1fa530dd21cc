import type { Executor } from '../contract/executor.ts'

/**
 * The executor's name, read once and
 * defensively (a getter can throw).
 */
export function executorName(executor: Executor): string {
  try {
    const name: unknown = executor.name
    return typeof name === 'string' && name.length > 0 ? name.slice(0, 100) : 'unnamed executor'
  } catch {
    return 'unnamed executor'
  }
}
