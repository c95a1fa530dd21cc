// faultline's own version, from its package.json.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The directory of faultline's package.json. */
export function packageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'faultline')
      return dir
    if (dirname(dir) === dir) throw new Error("faultline: cannot find faultline's package.json")
  }
}

export function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * How to run faultline again from where the
 * user runs it (the process's working
 * directory): `npm run faultline --` in
 * faultline's own checkout, `npx faultline`
 * anywhere else, however faultline was
 * installed there (a linked folder's real path
 * has no node_modules in it). Decided from the
 * working directory, not from where faultline's
 * files are.
 */
export function commandPrefix(cwd: string = process.cwd()): string {
  const manifest = npmProject(resolve(cwd))
  return manifest?.name === 'faultline' && typeof manifest.scripts?.faultline === 'string'
    ? 'npm run faultline --'
    : 'npx faultline'
}

interface Manifest {
  readonly name?: unknown
  readonly scripts?: { readonly faultline?: unknown }
}

/**
 * The package.json of the project `npm run`
 * would use from `dir`: the nearest directory
 * holding a package.json or a node_modules.
 */
function npmProject(dir: string): Manifest | null {
  for (;;) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
        return typeof parsed === 'object' && parsed !== null ? (parsed as Manifest) : null
      } catch {
        return null
      }
    }
    if (existsSync(join(dir, 'node_modules')) || dirname(dir) === dir) return null
    dir = dirname(dir)
  }
}
