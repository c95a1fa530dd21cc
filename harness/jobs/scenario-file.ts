// Reading a scenario file: a BOM is fine, a FIFO,
// a device or a huge file is refused unread, absurd
// nesting is refused before any recursion, and each
// problem is one line naming file, place and fix.
import { resolve } from 'node:path'
import { FileRefused, MAX_SCENARIO_BYTES, readRegularFile } from '../campaign/regular-file.ts'
import { parseScenario, type Scenario } from '../scenario/scenario.ts'
import { UsageError } from './usage-error.ts'

/**
 * Far deeper than any scenario (about 6
 * levels), far shallower than a stack.
 */
export const MAX_JSON_DEPTH = 64

export function readScenarioFile(file: string, cwd: string): Scenario {
  let text: string
  try {
    text = readRegularFile(resolve(cwd, file), MAX_SCENARIO_BYTES)
  } catch (e) {
    if (!(e instanceof FileRefused) || e.reason === 'open')
      throw new UsageError(`cannot read scenario file ${file} (check the path)`)
    throw new UsageError(
      `scenario file ${file} ${e.message}${e.reason === 'size' ? '; a scenario is a few KB' : ''} (give the path to a .json scenario)`,
    )
  }
  const depth = nestingDepth(text)
  if (depth > MAX_JSON_DEPTH)
    throw new UsageError(
      `${file} nests ${depth} levels deep; a scenario needs fewer than ${MAX_JSON_DEPTH} (is it the right file?)`,
    )
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message.split('\n')[0]}`)
  }
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.problem}`)
  return parsed.value
}

/** JSON text's deepest nesting (strings skipped), unparsed. */
export function nestingDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth)
    else if (c === 0x5d || c === 0x7d) depth--
  }
  return max
}
