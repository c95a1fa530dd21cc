// `--mapping <module>`: a path to a
// mapping module, checked to be a regular
// file; else bad usage, in one line.
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { UsageError } from './usage-error.ts'

export function mappingPath(spec: string, cwd: string): string {
  const path = resolve(cwd, spec)
  let stat
  try {
    stat = statSync(path)
  } catch {
    throw new UsageError(`mapping module not found: ${path} (check the path)`)
  }
  if (!stat.isFile())
    throw new UsageError(
      `mapping module ${spec} is not a regular file (give the path to a .ts, .mts, .js, .mjs or .cjs module)`,
    )
  return path
}
