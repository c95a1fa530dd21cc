// Installing faultline from a folder, as a team would until it is published:
// `npm install --save-dev ../faultline`, the folder a fresh clone (no
// node_modules, no dist/). npm links the folder (node_modules/faultline is a
// symbolic link to it), installs none of its dependencies, and runs its
// `prepare` script there: scripts/prepare.mjs installs the folder's
// dependencies (`npm ci`, from the registry) and builds dist/. The real path
// of the installed package has no node_modules in it: the replay commands
// faultline prints must still be `npx faultline` in the team's project.
import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import {
  INSTALL_FLAGS,
  INSTALL_TIMEOUT,
  npm,
  seconds,
  sourceCopy,
  TEAM_TOOLS,
  teamChecks,
  teamProject,
} from './support/team.ts'

let team = ''
let folder = ''

beforeAll(() => {
  const start = performance.now()
  folder = sourceCopy('folder-source')
  team = teamProject(join(scratchDir('folder'), 'team'))
  npm(team, 'install', '--save-dev', ...INSTALL_FLAGS, folder, ...TEAM_TOOLS)
  console.log(`folder route: installed in ${seconds(start)} s`)
}, INSTALL_TIMEOUT)

describe('faultline installed from a folder', () => {
  it('is the folder, linked, with its dependencies installed and dist/ built by its prepare script', () => {
    const link = join(team, 'node_modules', 'faultline')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(realpathSync(link)).toBe(realpathSync(folder))
    expect(realpathSync(folder).split('/')).not.toContain('node_modules')
    for (const f of [
      'dist/faultline/index.js',
      'dist/faultline/index.d.ts',
      'dist/faultline/vitest/index.js',
      'schemas/scenario.schema.json',
      'node_modules/msw/package.json',
    ])
      expect(existsSync(join(folder, f)), f).toBe(true)
  })

  it("adds no stripe, resend or axios to the team's project", () => {
    for (const sdk of ['stripe', 'resend', 'axios']) expect(readdirSync(join(team, 'node_modules'))).not.toContain(sdk)
  })

  teamChecks(() => team)
})
