// The run worker's entry: worker-main.js when
// installed or in a checkout's build
// (checkout-build.mjs), else the .ts source
// through tsx.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { workerData } from 'node:worker_threads'

/**
 * The packages the worker's harness imports,
 * loaded before tsx's hooks: through them each
 * file of a package costs a round trip to the
 * hooks thread (zod and fast-check: ~145 ms of
 * CPU, ~53 ms without). The .ts files' imports
 * resolve to the same URLs, already loaded.
 * A test keeps the list true (one no longer
 * imported would cost its load for nothing).
 */
const PACKAGES = [
  'zod',
  'fast-check',
  '@mswjs/interceptors',
  '@mswjs/interceptors/ClientRequest',
  '@mswjs/interceptors/XMLHttpRequest',
  '@mswjs/interceptors/fetch',
  '@sinonjs/fake-timers',
  'seedrandom',
  'better-sqlite3',
]

const compiled = new URL('./worker-main.js', import.meta.url)
const build = workerData?.build?.dir
if (existsSync(compiled)) {
  await import(compiled.href)
} else if (build) {
  // Its stack traces name the .ts lines.
  process.setSourceMapsEnabled(true)
  await import(pathToFileURL(join(build, 'harness/supervisor/worker-main.js')).href)
} else {
  // ~15 % less CPU per worker start. One at a
  // time: Node 20's loader races on concurrent
  // imports of shared files. One that fails is
  // the harness's own import's to report.
  for (const name of PACKAGES) await import(name).catch(() => {})
  const { register } = await import('tsx/esm/api')
  register()
  await import('./worker-main.ts')
}
