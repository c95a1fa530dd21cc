// docs/api.md documents every name
// faultline/index.ts exports, and no more.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as api from '../faultline/index.ts'

const ROOT = join(import.meta.dirname, '..')

function exportedNames(file = 'faultline/index.ts'): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  )
}

/** The names in a part of docs/api.md's tables. */
function documentedIn(text: string): string[] {
  return [...text.matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map((m) => m[1]!)
}

// Other entry points each have a section,
// from its heading to the next.
const ENTRY_POINTS = [
  { heading: '## Entry point `faultline/vitest`', file: 'faultline/vitest/index.ts', subpath: './vitest' },
  { heading: '## Entry point `faultline/msw`', file: 'faultline/msw/index.ts', subpath: './msw' },
  ...['ai-sdk', 'mcp', 'openai-agents', 'langchain'].map((fw) => ({
    heading: `## Entry point \`faultline/adapters/${fw}\``,
    file: `faultline/adapters/${fw}.ts`,
    subpath: `./adapters/${fw}`,
  })),
] as const

describe('public API', () => {
  const whole = readFileSync(join(ROOT, 'docs/api.md'), 'utf8')
  const sections = ENTRY_POINTS.map((e) => {
    const start = whole.indexOf(e.heading)
    const next = whole.indexOf('\n## ', start + 1)
    return { ...e, start, text: whole.slice(start, next === -1 ? undefined : next) }
  })
  const doc = sections.reduce((d, s) => (s.start === -1 ? d : d.replace(s.text, '')), whole)
  const documented = documentedIn(doc)

  it('documents every export, and nothing that is not exported', () => {
    expect([...documented].sort()).toEqual([...exportedNames()].sort())
  })

  it('exports at run time every value it documents', () => {
    const values = Object.keys(api)
    for (const name of values) expect(documented).toContain(name)
    expect(values.length).toBeGreaterThan(20)
  })

  for (const entry of sections) {
    it(`documents every export of ${entry.file} (faultline${entry.subpath.slice(1)}) in its own section, and the package exports it`, async () => {
      expect(entry.start, entry.heading).toBeGreaterThan(-1)
      const names = exportedNames(entry.file)
      expect([...documentedIn(entry.text)].sort()).toEqual([...names].sort())
      const values = Object.keys(await import(join(ROOT, entry.file)))
      for (const name of values) expect(names).toContain(name)
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        exports: Record<string, { default: string; types: string }>
      }
      const compiled = `./dist/${entry.file.replace(/\.ts$/, '')}`
      expect(pkg.exports[entry.subpath]).toEqual({ types: `${compiled}.d.ts`, default: `${compiled}.js` })
    })
  }

  it('lets a team define a judge that then runs beside the bundled ones', () => {
    const j = api.defineJudge({
      name: 'no-runs-at-all',
      about: 'fires on every run',
      check: () => [{ call: null, message: 'always' }],
    })
    try {
      expect(j.judgeName).toBe('no-runs-at-all')
      expect(() => api.defineJudge({ name: 'no-runs-at-all', about: '', check: () => [] })).toThrow(/already defined/)
      expect(() => api.defineJudge({ name: 'duplicate-effect', about: '', check: () => [] })).toThrow(/bundled/)
      expect(() => api.defineJudge({ name: 'Not Kebab', about: '', check: () => [] })).toThrow(/kebab-case/)
      const verdict = api.judge(Object.freeze([]))
      expect(verdict.violations).toEqual([
        { judge: 'no-runs-at-all', call: null, tool: null, boundaries: [], message: 'always' },
      ])
    } finally {
      api.undefineJudge('no-runs-at-all')
    }
    expect(api.judge(Object.freeze([])).violations).toEqual([])
  })
})
