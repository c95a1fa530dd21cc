// A module the CLI was given (--executor,
// --mapping, --judge), checked on its open fd
// before a loader reads it: a FIFO would hang
// the load till its timeout, /dev/zero forever.
import { checkRegularFile, FileRefused, MAX_MODULE_BYTES } from '../campaign/regular-file.ts'
import { UsageError } from './usage-error.ts'

/** `what`: `executor module`, `judge module`, … */
export function checkModuleFile(path: string, spec: string, what: string): void {
  try {
    checkRegularFile(path, MAX_MODULE_BYTES)
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e
    if (e.code === 'ENOENT') throw new UsageError(`${what} not found: ${spec} (check the path)`)
    throw new UsageError(`${what} ${spec} ${e.message} (give the path to a .ts, .mts, .js, .mjs or .cjs module)`)
  }
}
