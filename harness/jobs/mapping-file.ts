// `--mapping <module>`: a path to a
// mapping module, checked to be a regular
// file; else bad usage, in one line.
import { resolve } from 'node:path'
import { checkModuleFile } from './module-file.ts'

export function mappingPath(spec: string, cwd: string): string {
  const path = resolve(cwd, spec)
  checkModuleFile(path, spec, 'mapping module')
  return path
}
