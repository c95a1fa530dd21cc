// The house's rules, checked: imports flow one way through the rooms (no
// folder cycle), the plug-ins and the mock services stay independent of the
// engine, and files stay small unless their opening comment says why not.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

/** The engine's rooms, in the order data flows: a room may import only from rooms before it (and itself). */
const FLOW = [
  'harness/contract',
  'harness/history',
  'harness/faults',
  'harness/scenario',
  'harness/sim',
  'harness/model',
  'harness/run',
  'harness/supervisor',
  'harness/judge',
  'harness/campaign',
  'reports',
  'harness/audit',
  'faultline',
] as const

/** Outside the flow: what each may import (besides itself). */
const OUTSIDE: Record<string, readonly string[]> = {
  'mock-services': [],
  executors: ['harness/contract'],
  scenarios: ['harness/contract', 'harness/faults', 'harness/scenario', 'mock-services'],
}

/** Rooms that may also reach a plug-in or the default generator (they load them by name). */
const ALSO: Record<string, readonly string[]> = {
  'harness/audit': ['executors', 'scenarios'],
  faultline: ['executors', 'scenarios', 'reports'],
}

function sources(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f)
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.(ts|mts|mjs)$/.test(f)) out.push(p)
    }
  }
  walk(join(ROOT, dir))
  return out
}

function roomOf(file: string): string {
  const parts = relative(ROOT, file).split('/')
  if (parts[0] === 'harness') return parts.length === 2 ? `harness/${parts[1]}` : `harness/${parts[1]}`
  return parts[0]!
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => resolve(dirname(file), m[1]!))
}

const FILES = ['faultline', 'harness', 'mock-services', 'executors', 'scenarios', 'reports', 'bin'].flatMap(sources)

describe('architecture', () => {
  it('imports run with the flow: no room imports a room after it', () => {
    const against: string[] = []
    for (const file of FILES) {
      const from = roomOf(file)
      if (from === 'faultline/index.ts' || from === 'bin' || relative(ROOT, file) === 'faultline/index.ts') continue // the public API lists everything; bin starts the CLI
      for (const target of importsOf(file)) {
        const to = roomOf(target)
        if (to === from) continue
        const allowed = OUTSIDE[from] ?? [...FLOW.slice(0, FLOW.indexOf(from as (typeof FLOW)[number]) + 1), 'mock-services', ...(ALSO[from] ?? [])]
        if (!allowed.includes(to)) against.push(`${relative(ROOT, file)} → ${relative(ROOT, target)}`)
      }
    }
    expect(against).toEqual([])
  })

  it('every source file belongs to a room the flow knows', () => {
    const rooms = new Set(FILES.map(roomOf))
    for (const r of rooms) if (r !== 'bin' && r !== 'faultline/index.ts') expect([...FLOW, ...Object.keys(OUTSIDE)]).toContain(r)
  })

  it('has no folder cycle', () => {
    const edges = new Map<string, Set<string>>()
    for (const file of FILES) {
      const from = dirname(relative(ROOT, file))
      for (const target of importsOf(file)) {
        const to = dirname(relative(ROOT, target))
        if (to === from || relative(ROOT, file) === 'faultline/index.ts') continue
        if (!edges.has(from)) edges.set(from, new Set())
        edges.get(from)!.add(to)
      }
    }
    const cycle = findCycle(edges)
    expect(cycle).toBeNull()
  })

  it('keeps files under ~200 lines, or says in the opening comment why one is longer', () => {
    const long: string[] = []
    for (const file of FILES) {
      const text = readFileSync(file, 'utf8')
      const lines = text.split('\n').length
      if (lines <= 210) continue
      const opening = text.split('\n').slice(0, 20).join('\n')
      if (!/Longer than most because/i.test(opening)) long.push(`${relative(ROOT, file)} (${lines} lines)`)
    }
    expect(long).toEqual([])
  })
})

function findCycle(edges: Map<string, Set<string>>): string[] | null {
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
  for (const n of edges.keys()) {
    const c = visit(n)
    if (c) return c
  }
  return null
}
