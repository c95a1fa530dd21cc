// `npm run schemas`: the JSON Schemas faultline publishes, generated from its
// zod schemas (the one source) into schemas/ — regenerable, so built (and run
// before packing), never committed. `--out DIR` writes them elsewhere. The
// list is the one npm run build writes (faultline/cli/published-schemas.ts).
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
