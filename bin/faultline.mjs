#!/usr/bin/env node
// The `faultline` command. Installed, it runs the compiled JavaScript in dist/
// (plain Node). In a checkout, where the TypeScript source is, it runs that
// through tsx — never a dist/ left over from an older build.
import { existsSync } from 'node:fs'

const source = new URL('../faultline/cli/bin.ts', import.meta.url)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
} else {
  await import(new URL('../dist/faultline/cli/bin.js', import.meta.url).href)
}
