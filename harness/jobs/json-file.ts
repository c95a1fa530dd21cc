// Reading a result file a command was given (merge's
// shards, report's result), with one-line errors.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
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
    text = readFileSync(resolve(cwd, file), 'utf8')
  } catch {
    throw new UsageError(`cannot read ${file} (check the path: ${hint})`)
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (nestingDepth(text) > MAX_REPORT_DEPTH)
    throw new UsageError(`${file} nests deeper than any faultline report; is it the right file?`)
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message.split('\n')[0]}`)
  }
}
