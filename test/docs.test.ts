// The docs name every fault kind and named
// scenario, so neither drifts silently.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAULT_KINDS } from '../harness/faults/catalogue.ts'

const ROOT = join(import.meta.dirname, '..')

describe('docs', () => {
  it('docs/faults.md documents every fault kind', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'faults.md'), 'utf8')
    for (const kind of Object.keys(FAULT_KINDS)) expect(doc).toContain(`\`${kind}\``)
  })
  it('every named scenario says what it rehearses', () => {
    for (const f of readdirSync(join(ROOT, 'scenarios', 'named'))) {
      const s = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'named', f), 'utf8')) as {
        about?: string
        name: string
      }
      expect(s.about?.length ?? 0, f).toBeGreaterThan(40)
      expect(`${s.name}.json`).toBe(f)
    }
  })
})
