// `--judge <module>,…`: a team's own judges,
// loaded in the main thread (judging happens
// there) before the campaign.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { oneLine } from '../contract/one-line.ts'
import { definedJudges } from '../judge/registry.ts'
import { checkModuleFile } from './module-file.ts'
import { UsageError } from './usage-error.ts'

export const JUDGING = { judge: { type: 'string' } } as const

/**
 * Modules loaded: loading again
 * would define their judges twice.
 */
const loaded = new Set<string>()

/**
 * Load each module named by `--judge`;
 * the names of the judges now defined.
 */
export async function loadJudges(value: unknown, cwd: string): Promise<readonly string[]> {
  if (typeof value !== 'string' || value === '') return []
  for (const spec of value.split(',')) {
    const path = resolve(cwd, spec)
    if (loaded.has(path)) continue
    checkModuleFile(path, spec, 'judge module')
    const before = definedJudges().length
    try {
      await tsImport(pathToFileURL(path).href, import.meta.url)
    } catch (e) {
      throw new UsageError(`cannot load judge module ${spec}: ${oneLine(e)}`)
    }
    if (definedJudges().length === before)
      throw new UsageError(
        `judge module ${spec} defines no judge (call defineJudge({ name, about, check }) from 'faultline' at its top level)`,
      )
    loaded.add(path)
  }
  return definedJudges().map((j) => j.judgeName)
}
