// Installing faultline from a git URL (here git+file:
// of a fresh repo of this checkout), as a team would
// until it is published. npm clones it, installs its
// dependencies there, runs `prepare` (builds dist/)
// and installs the packed result: the tarball's
// package, deps from the registry, no optional SDK.
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import {
  expectNoSdks,
  INSTALL_FLAGS,
  INSTALL_TIMEOUT,
  npm,
  seconds,
  sourceCopy,
  TEAM_TOOLS,
  adapterWithoutFramework,
  teamChecks,
  teamProject,
} from './support/team.ts'

let team = ''

beforeAll(() => {
  const start = performance.now()
  const repo = sourceCopy('git-source')
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=faultline-test',
        '-c',
        'user.email=test@faultline.test',
        '-c',
        'init.defaultBranch=main',
        ...args,
      ],
      { cwd: repo, encoding: 'utf8' },
    ).trim()
  git('init', '-q')
  git('add', '-A')
  git('commit', '-q', '--no-verify', '-m', 'faultline as it stands')
  const commit = git('rev-parse', 'HEAD')
  team = teamProject(join(scratchDir('git-url'), 'team'))
  npm(team, 'install', '--save-dev', ...INSTALL_FLAGS, `git+file://${repo}#${commit}`, ...TEAM_TOOLS)
  console.log(`git URL route: installed in ${seconds(start)} s`)
}, INSTALL_TIMEOUT)

describe('faultline installed from a git URL', () => {
  it('is the packed package: compiled JavaScript and declarations built by npm, no TypeScript source', () => {
    const dir = join(team, 'node_modules', 'faultline')
    expect(lstatSync(dir).isSymbolicLink()).toBe(false)
    for (const f of [
      'dist/faultline/index.js',
      'dist/faultline/index.d.ts',
      'dist/faultline/vitest/index.js',
      'dist/faultline/msw/index.js',
      'schemas/scenario.schema.json',
      'bin/faultline.mjs',
    ])
      expect(existsSync(join(dir, f)), f).toBe(true)
    for (const f of ['harness', 'scripts', 'test']) expect(existsSync(join(dir, f)), f).toBe(false)
  })

  it('installs no stripe, resend or axios', () => {
    expectNoSdks(team)
  })

  teamChecks(() => team)
  adapterWithoutFramework(() => team)
})
