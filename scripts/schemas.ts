// `npm run schemas`: the published JSON Schemas,
// from the zod schemas into schemas/ (or --out
// DIR), as npm run build writes them. Not committed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { PUBLISHED_SCHEMAS } from '../faultline/cli/published-schemas.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
const dir = resolve(values.out ?? join(import.meta.dirname, '..', 'schemas'))
mkdirSync(dir, { recursive: true })
for (const { file: name, schema } of PUBLISHED_SCHEMAS) {
  const file = join(dir, name)
  writeFileSync(file, `${JSON.stringify(schema(), null, 2)}\n`)
  console.log(`wrote ${file}`)
}
