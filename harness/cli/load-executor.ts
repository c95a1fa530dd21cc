// Resolve `--executor`: a bundled name, or a path to a module that exports an Executor.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BUNDLED_EXECUTORS } from '../../executors/index.ts'
import type { Executor } from '../contract/executor.ts'
import { isExecutor } from '../contract/validate.ts'
import { UsageError } from './usage-error.ts'

export async function loadExecutor(spec: string, cwd = process.cwd()): Promise<Executor> {
  const bundled = BUNDLED_EXECUTORS[spec]
  if (bundled) return bundled
  const looksLikePath = /[./\\]/.test(spec)
  if (!looksLikePath) {
    throw new UsageError(`unknown executor "${spec}": use one of ${Object.keys(BUNDLED_EXECUTORS).join(', ')}, or a path to a module that exports an Executor`)
  }
  const file = resolve(cwd, spec)
  if (!existsSync(file)) throw new UsageError(`executor module not found: ${file} (check the path)`)
  let mod: Record<string, unknown>
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split('\n')[0]
    throw new UsageError(`cannot load executor module ${spec}: ${first}`)
  }
  const candidates = [mod.default, mod.executor, ...Object.values(mod)]
  const found = candidates.find(isExecutor)
  if (!found) {
    throw new UsageError(`${spec} exports no Executor: export default (or export const executor =) an object with a string "name" and a "boot(ctx)" function`)
  }
  return found
}
