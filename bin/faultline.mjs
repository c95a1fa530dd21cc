#!/usr/bin/env node
// The `faultline` command: dist/ when installed;
// in a checkout, the source as built for this
// content (checkout-build.mjs: never a stale
// dist/), else the TypeScript through tsx.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const source = new URL('../faultline/cli/bin.ts', import.meta.url)
if (existsSync(source)) {
  const { checkoutBuild } = await import('../harness/supervisor/checkout-build.mjs')
  const build = checkoutBuild()
  if (build) {
    // Stack traces name the .ts lines, as under tsx.
    process.setSourceMapsEnabled(true)
    await import(pathToFileURL(join(build.dir, 'faultline/cli/bin.js')).href)
  } else {
    const { register } = await import('tsx/esm/api')
    register()
    await import(source.href)
  }
} else {
  await import(new URL('../dist/faultline/cli/bin.js', import.meta.url).href)
}
