#!/usr/bin/env node
// npm run build (and prepack): what plain Node
// runs — JS and declarations in dist/, the worker
// entry, JSON Schemas in schemas/. Not committed.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

rmSync(join(root, 'dist'), { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root })
// The worker's entry, its host, the journal
// and frame layouts, the checkout's build and
// the copies' hooks are not TS: tsc skips them.
for (const file of [
  'worker-entry.mjs',
  'host.mjs',
  'journal-layout.mjs',
  'journal-layout.d.mts',
  'frame-layout.mjs',
  'frame-layout.d.mts',
  'checkout-build.mjs',
  'checkout-build.d.mts',
  'copy-hooks.mjs',
  'copy-hooks.d.mts',
])
  copyFileSync(join(root, 'harness/supervisor', file), join(root, 'dist/harness/supervisor', file))

const { PUBLISHED_SCHEMAS } = await import(pathToFileURL(join(root, 'dist/faultline/cli/published-schemas.js')).href)
rmSync(join(root, 'schemas'), { recursive: true, force: true })
mkdirSync(join(root, 'schemas'))
for (const { file, schema } of PUBLISHED_SCHEMAS)
  writeFileSync(join(root, 'schemas', file), `${JSON.stringify(schema(), null, 2)}\n`)
console.log(`built dist/ and ${PUBLISHED_SCHEMAS.length} schema file(s) in schemas/`)
