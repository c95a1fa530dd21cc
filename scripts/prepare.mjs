#!/usr/bin/env node
// npm's `prepare` script: builds dist/ when npm installs faultline from its
// source into another project, and does nothing in faultline's own checkout.
//
// npm runs `prepare` (observed with npm 11):
// - on `npm ci` / `npm install` in this checkout. Nothing to build: the
//   checkout runs its TypeScript through tsx (a build here would cost ~15 s
//   of CPU on every `npm ci` and leave a dist/ nothing in the checkout uses);
//   `npm pack` / `npm publish` build through `prepack`.
// - for a git URL (`npm install git+https://…/faultline.git#…`): npm clones
//   it into a temporary folder, runs `npm install` there (devDependencies
//   included: this script skips, as in any checkout), then runs `prepare`
//   again to pack the clone, from the team's project: this build makes the
//   dist/ that the package's exports and types point at.
// - for a folder (`npm install ../faultline`): npm links the folder and runs
//   its `prepare` there, from the team's project, but installs none of its
//   dependencies; a fresh clone has none, so they are installed first (with
//   the devDependencies the build needs), then dist/ is built.
// "From another project" is told by INIT_CWD, the directory npm was started
// in, which npm sets for every script: outside this folder, it is a team's.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const started = process.env.INIT_CWD

if (started !== undefined && within(root, resolve(started))) process.exit(0)

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const needed = [...Object.keys(manifest.dependencies ?? {}), 'typescript']
const missing = needed.filter((name) => !existsSync(join(root, 'node_modules', name, 'package.json')))
if (missing.length > 0) {
  console.error(`faultline: installing its dependencies in ${root} to build it (missing: ${missing.join(', ')})`)
  // The npm running this script, with the configuration that would install
  // faultline's dependencies elsewhere (a global install's, say) left out.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^npm_config_(global|location|prefix|omit|include|production|only|save.*)$/i.test(k),
    ),
  )
  const npm = process.env.npm_execpath
  const args = [
    existsSync(join(root, 'package-lock.json')) ? 'ci' : 'install',
    '--include=dev',
    '--no-audit',
    '--no-fund',
  ]
  if (npm) execFileSync(process.execPath, [npm, ...args], { cwd: root, env, stdio: 'inherit' })
  else execFileSync('npm', args, { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' })
}
execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' })

function within(dir, path) {
  const r = relative(dir, path)
  return r === '' || (!r.startsWith('..') && !isAbsolute(r))
}
