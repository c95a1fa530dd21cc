// The public API is what harness/index.ts exports, and docs/api.md documents
// every name of it: neither may drift from the other.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as api from '../harness/index.ts'

const ROOT = join(import.meta.dirname, '..')

function exportedNames(): string[] {
  const text = readFileSync(join(ROOT, 'harness/index.ts'), 'utf8')
  return [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '')).filter(Boolean))
}

describe('public API', () => {
  const doc = readFileSync(join(ROOT, 'docs/api.md'), 'utf8')
  const documented = [...doc.matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map((m) => m[1]!)

  it('documents every export, and nothing that is not exported', () => {
    expect([...documented].sort()).toEqual([...exportedNames()].sort())
  })

  it('exports at run time every value it documents', () => {
    const values = Object.keys(api)
    for (const name of values) expect(documented).toContain(name)
    expect(values.length).toBeGreaterThan(20)
  })

  it('lets a team define a judge that then runs beside the bundled ones', () => {
    const j = api.defineJudge({ name: 'no-runs-at-all', about: 'fires on every run', check: () => [{ call: null, message: 'always' }] })
    try {
      expect(j.judgeName).toBe('no-runs-at-all')
      expect(() => api.defineJudge({ name: 'no-runs-at-all', about: '', check: () => [] })).toThrow(/already defined/)
      expect(() => api.defineJudge({ name: 'duplicate-effect', about: '', check: () => [] })).toThrow(/bundled/)
      expect(() => api.defineJudge({ name: 'Not Kebab', about: '', check: () => [] })).toThrow(/kebab-case/)
      const verdict = api.judge(Object.freeze([]))
      expect(verdict.violations).toEqual([{ judge: 'no-runs-at-all', call: null, tool: null, boundaries: [], message: 'always' }])
    } finally {
      api.undefineJudge('no-runs-at-all')
    }
    expect(api.judge(Object.freeze([])).violations).toEqual([])
  })
})
