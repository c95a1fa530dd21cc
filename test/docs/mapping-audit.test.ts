// docs/mapping-audit.md names every matrix row,
// every source with the version read, and every
// example mapping: it cannot drift silently.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_CASES } from '../../harness/audit/cases.ts'
import { SOURCES } from '../../harness/audit/sources.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const doc = readFileSync(join(ROOT, 'docs', 'mapping-audit.md'), 'utf8')

describe('docs/mapping-audit.md', () => {
  it('names every row of the matrix', () => {
    for (const row of AUDIT_CASES) {
      const [kind, variant] = row.id.split('.')
      expect(
        doc.includes(`\`${row.id}\``) || (doc.includes(`\`${kind}.`) && doc.includes(`\`.${variant}\``)),
        row.id,
      ).toBe(true)
    }
  })

  it('lists every source with the version it was read in', () => {
    for (const s of SOURCES)
      for (const pin of s.version.match(/\d+\.\d+\.\d+|[0-9a-f]{7}/g) ?? [])
        expect(doc, `${s.id} ${pin}`).toContain(pin)
  })

  it('describes every example mapping', () => {
    for (const f of readdirSync(join(ROOT, 'examples', 'mappings'))) expect(doc).toContain(`\`${f}\``)
  })
})
