// The run worker's entry point. Installed, faultline is compiled JavaScript
// (dist/), and this file sits beside worker-main.js; from a checkout it runs
// the TypeScript source through tsx, registered here for this thread. Either
// way, executors written in TypeScript are loaded with tsx's tsImport.
import { existsSync } from 'node:fs'

const compiled = new URL('./worker-main.js', import.meta.url)
if (existsSync(compiled)) {
  await import(compiled.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('./worker-main.ts')
}
