// No arrow runs back up: no rooms, nor folders
// inside one, import each other in a circle (a
// room's own files may import each other freely).
import { posix } from 'node:path'
import { roomOf, targetOf } from './rooms.ts'
import { MANIFEST } from './rules.ts'
import { referencesOf } from './scan-imports.ts'
import type { SourceFile } from './source-tree.ts'
import type { Violation } from './violation.ts'

export function checkCycles(files: readonly SourceFile[]): Violation[] {
  const rooms = new Map<string, Set<string>>()
  const folders = new Map<string, Set<string>>()
  const arrow = (graph: Map<string, Set<string>>, from: string, to: string) => {
    if (from !== to) graph.set(from, (graph.get(from) ?? new Set()).add(to))
  }
  for (const file of files) {
    for (const ref of referencesOf(file)) {
      const target = targetOf(file.path, ref)
      if (!target || target.path === MANIFEST) continue // data: it imports nothing
      arrow(rooms, roomOf(file.path), roomOf(target.path, target.folder))
      arrow(folders, posix.dirname(file.path), target.folder ? target.path : posix.dirname(target.path))
    }
  }
  const found: Violation[] = []
  for (const [what, graph] of [
    ['rooms', rooms],
    ['folders', folders],
  ] as const) {
    const cycle = findCycle(graph)
    if (cycle)
      found.push({
        rule: 'cycle',
        at: cycle[0]!,
        message: `${what} import each other in a circle: ${cycle.join(' → ')}`,
      })
  }
  return found
}

export function findCycle(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>()
  const stack: string[] = []
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null
    if (state.get(n) === 'visiting') return [...stack.slice(stack.indexOf(n)), n]
    state.set(n, 'visiting')
    stack.push(n)
    for (const m of edges.get(n) ?? []) {
      const c = visit(m)
      if (c) return c
    }
    stack.pop()
    state.set(n, 'done')
    return null
  }
  for (const n of [...edges.keys()].sort()) {
    const c = visit(n)
    if (c) return c
  }
  return null
}
