#!/usr/bin/env node
// The `faultline` command: dist/ when installed;
// in a checkout, the source as built for this
// content (checkout-build.mjs: never a stale
// dist/), else the TypeScript through tsx.
import { existsSync } from 'node:fs'

const source = new URL('../faultline/cli/bin.ts', import.meta.url)
if (existsSync(source)) {
  const { importSource } = await import('../harness/supervisor/checkout-build.mjs')
  await importSource(source)
} else {
  await import(new URL('../dist/faultline/cli/bin.js', import.meta.url).href)
}
