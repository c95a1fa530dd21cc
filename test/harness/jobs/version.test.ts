// Printed replay commands must work where the user
// runs them: the prefix comes from the working
// dir's project, never from where faultline's files
// are (an npm-linked folder's real path has no
// node_modules).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commandPrefix } from '../../../harness/jobs/version.ts'
import { scratchDir } from '../../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

function project(manifest: object): string {
  const dir = scratchDir('prefix')
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest))
  return dir
}

describe('commandPrefix', () => {
  it('is `npm run faultline --` in faultline’s own checkout, at its root and below it', () => {
    expect(commandPrefix(ROOT)).toBe('npm run faultline --')
    expect(commandPrefix(join(ROOT, 'harness', 'jobs'))).toBe('npm run faultline --')
    expect(commandPrefix()).toBe('npm run faultline --') // the runner's working directory: this checkout
  })

  it('is `npx faultline` in a team’s project, at its root and below it', () => {
    const team = project({ name: 'team', private: true, devDependencies: { faultline: 'file:../faultline' } })
    mkdirSync(join(team, 'src', 'executors'), { recursive: true })
    expect(commandPrefix(team)).toBe('npx faultline')
    expect(commandPrefix(join(team, 'src', 'executors'))).toBe('npx faultline')
  })

  it('is `npx faultline` outside any project, and where the nearest project is not faultline’s checkout', () => {
    expect(commandPrefix(scratchDir('prefix-bare'))).toBe('npx faultline')
    // An installed faultline has no `faultline` script.
    expect(commandPrefix(project({ name: 'faultline', version: '0.1.0' }))).toBe('npx faultline')
    // npm's project: the nearest dir with a
    // package.json or a node_modules.
    const installed = scratchDir('prefix-modules')
    mkdirSync(join(installed, 'node_modules'))
    mkdirSync(join(installed, 'src'))
    expect(commandPrefix(join(installed, 'src'))).toBe('npx faultline')
  })
})
