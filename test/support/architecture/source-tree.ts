// The file set the checkers read: every source file
// git would track. The checkers take the same shape
// in memory, so their tests need no tree on disk.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SOURCE_FILE } from './rules.ts'

export interface SourceFile {
  /** Relative to the root, `/`-separated. */
  readonly path: string
  readonly text: string
}

export function readTree(root: string): SourceFile[] {
  const ignored = ignoredPaths(root)
  const out: SourceFile[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`
      if (isIgnored(path, entry.name, ignored)) continue
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile() && SOURCE_FILE.test(entry.name))
        out.push({ path, text: readFileSync(join(root, path), 'utf8') })
    }
  }
  walk('')
  return out.sort((a, b) => a.path.localeCompare(b.path))
}

/** Plain .gitignore entries, plus `.git`; no globs. */
function ignoredPaths(root: string): string[] {
  const file = join(root, '.gitignore')
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []
  const plain = lines
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!') && !/[*?[]/.test(l))
  return ['.git', ...plain.map((l) => l.replace(/^\/|\/$/g, ''))]
}

function isIgnored(path: string, name: string, ignored: readonly string[]): boolean {
  return ignored.some((entry) => (entry.includes('/') ? path === entry : name === entry))
}
