// Reading a result file a command was given (merge's
// shards, report's result), with one-line errors; a
// FIFO, a device or a huge file is refused unread.
import { resolve } from 'node:path'
import { FileRefused, MAX_REPORT_BYTES, readRegularFile } from '../campaign/regular-file.ts'
import { nestingDepth } from './scenario-file.ts'
import { UsageError } from './usage-error.ts'

/**
 * A report nests ~15 levels (a
 * counterexample's scenario, its history's
 * envelopes); far fewer than a stack.
 */
const MAX_REPORT_DEPTH = 64

export function readJsonFile(file: string, cwd: string, hint: string): unknown {
  let text: string
  try {
    text = readRegularFile(resolve(cwd, file), MAX_REPORT_BYTES)
  } catch (e) {
    if (!(e instanceof FileRefused) || e.reason === 'open')
      throw new UsageError(`cannot read ${file} (check the path: ${hint})`)
    throw new UsageError(
      `${file} ${e.message}${e.reason === 'size' ? ', more than any faultline report' : ''} (${hint})`,
    )
  }
  if (nestingDepth(text) > MAX_REPORT_DEPTH)
    throw new UsageError(`${file} nests deeper than any faultline report; is it the right file?`)
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message.split('\n')[0]}`)
  }
}
