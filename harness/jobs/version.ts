// faultline's own version, from its package.json.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The directory of faultline's package.json. */
export function packageRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'faultline') return dir
    if (dirname(dir) === dir) throw new Error("faultline: cannot find faultline's package.json")
  }
}

export function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * How to run faultline from here: `npx faultline` where
 * installed, `npm run faultline --` in its own repository.
 */
export function commandPrefix(): string {
  return packageRoot().split(/[\\/]/).includes('node_modules') ? 'npx faultline' : 'npm run faultline --'
}
