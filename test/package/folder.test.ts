// Installing faultline from a folder (a fresh clone,
// no node_modules or dist/), as a team would until
// it is published. npm links the folder, installs
// none of its dependencies and runs `prepare`
// there, which runs npm ci and builds dist/. The
// real path then has no node_modules, yet replay
// commands must still say `npx faultline`.
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
