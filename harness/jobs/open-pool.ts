// Start the supervisor's workers for an
// executor given by name or path; anything
// unusable is a UsageError (exit 2).
import { executorRef, ExecutorRefError, type BundledRef, type ExecutorRef } from '../supervisor/executor-ref.ts'
import { LoadFailure, WorkerPool, type PoolOptions } from '../supervisor/pool.ts'
import { checkModuleFile } from './module-file.ts'
import { UsageError } from './usage-error.ts'

export function resolveExecutor(spec: string, cwd: string, bundled: readonly BundledRef[]): ExecutorRef {
  try {
    const ref = executorRef(spec, bundled, cwd)
    if (ref.kind === 'module') checkModuleFile(ref.path, spec, 'executor module')
    return ref
  } catch (e) {
    if (e instanceof ExecutorRefError) throw new UsageError(e.message)
    throw e
  }
}

/**
 * Start workers for a resolved ref; a
 * module that does not load is bad usage.
 */
export async function openPool(ref: ExecutorRef, pool: PoolOptions): Promise<WorkerPool> {
  try {
    return await WorkerPool.open(ref, pool)
  } catch (e) {
    if (e instanceof LoadFailure) throw new UsageError(e.message)
    throw e
  }
}
