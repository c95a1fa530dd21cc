// Start the supervisor's workers for an executor given by name or path; a
// name, path or module that is not usable is bad usage (exit 2), in one line.
import { BUNDLED } from '../../executors/index.ts'
import { executorRef, ExecutorRefError, type ExecutorRef } from '../../harness/supervisor/executor-ref.ts'
import { LoadFailure, WorkerPool, type PoolOptions } from '../../harness/supervisor/pool.ts'
import { UsageError } from './usage-error.ts'

export function resolveExecutor(spec: string, cwd: string): ExecutorRef {
  try {
    return executorRef(spec, BUNDLED, cwd)
  } catch (e) {
    if (e instanceof ExecutorRefError) throw new UsageError(e.message)
    throw e
  }
}

export async function openPool(spec: string, cwd: string, pool: PoolOptions): Promise<WorkerPool> {
  return openRefPool(resolveExecutor(spec, cwd), pool)
}

/** Start workers for a resolved ref (a factory's ref included); a module that does not load is bad usage. */
export async function openRefPool(ref: ExecutorRef, pool: PoolOptions): Promise<WorkerPool> {
  try {
    return await WorkerPool.open(ref, pool)
  } catch (e) {
    if (e instanceof LoadFailure) throw new UsageError(e.message)
    throw e
  }
}
