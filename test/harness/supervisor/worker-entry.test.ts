// worker-entry.mjs loads the harness's packages
// before tsx's hooks: only ones it imports.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts') ? [path] : []
  })
}

/** Bare specifiers imported as values (a type-only import loads nothing). */
function imported(): Set<string> {
  const out = new Set<string>()
  for (const dir of ['harness', 'mock-services', 'scenarios'])
    for (const file of sources(join(root, dir)))
      for (const m of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^'"]*?['"]([^'"./][^'"]*)['"]/gm))
        out.add(m[1]!)
  return out
}

describe('worker-entry.mjs', () => {
  it('loads ahead only packages the harness imports', () => {
    const entry = readFileSync(join(root, 'harness/supervisor/worker-entry.mjs'), 'utf8')
    const list = /const PACKAGES = \[([^\]]*)\]/.exec(entry)?.[1]
    expect(list).toBeDefined()
    const packages = [...list!.matchAll(/'([^']+)'/g)].map((m) => m[1]!)
    expect(packages.length).toBeGreaterThan(0)
    const used = imported()
    expect(packages.filter((p) => !used.has(p))).toEqual([])
  })
})
