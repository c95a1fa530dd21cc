// Each reference a file makes must land in its own
// room, one its room may import (rules.ts), or the
// package's manifest, which any room may read.
import { allowedFrom, MANIFEST } from './rules.ts'
import { roomOf, targetOf } from './rooms.ts'
import { referencesOf } from './scan-imports.ts'
import type { SourceFile } from './source-tree.ts'
import type { Violation } from './violation.ts'

export function checkFlow(files: readonly SourceFile[]): Violation[] {
  const found: Violation[] = []
  for (const file of files) {
    const from = roomOf(file.path)
    const allowed = allowedFrom(from)
    if (allowed === undefined || allowed === 'anything') continue // an unknown room is check-rooms' finding
    for (const ref of referencesOf(file)) {
      const target = targetOf(file.path, ref)
      if (!target || (target.path === MANIFEST && !target.folder)) continue
      const to = roomOf(target.path, target.folder)
      if (to === from || allowed.includes(to)) continue
      const what = target.folder ? `${target.path}/ (a folder: anything in it)` : target.path
      found.push({
        rule: 'flow',
        at: `${file.path}:${ref.line}`,
        message: `${from} may not import ${to}: ${ref.via} '${ref.specifier}' → ${what}`,
      })
    }
  }
  return found
}
