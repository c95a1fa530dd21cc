#!/usr/bin/env node
// The `faultline` command: dist/ when installed;
// in a checkout, the TypeScript source through
// tsx (never a stale dist/).
import { existsSync } from 'node:fs'

const source = new URL('../faultline/cli/bin.ts', import.meta.url)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
} else {
  await import(new URL('../dist/faultline/cli/bin.js', import.meta.url).href)
}
