// Global setup: a test run leaves nothing in the
// temp dir. Its scratch dirs carry a run tag
// (test/support/scratch.ts); one still there after
// the run fails it. An untagged new entry may be
// another checkout's run: named, not failed.
import { randomBytes } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { SCRATCH_NAME } from './scratch.ts'

const entries = () => readdirSync(tmpdir()).filter((name) => name.startsWith('faultline-'))

export default function setup(project: TestProject) {
  const run = `r${randomBytes(4).toString('hex')}`
  project.provide('faultlineScratchRun', run)
  const before = new Set(entries())

  return () => {
    const added = entries().filter((name) => !before.has(name))
    const untagged = added.filter((name) => !SCRATCH_NAME.test(name))
    if (untagged.length > 0)
      console.warn(
        `faultline: new in ${tmpdir()} during this test run, not from test/support/scratch.ts (another process's, or a leak): ${untagged.sort().join(', ')}`,
      )
    const left = added.filter((name) => SCRATCH_NAME.exec(name)?.[1] === run)
    if (left.length === 0) return
    // Removed so a failed check leaves nothing; the
    // label in the name says which file leaked it.
    for (const name of left) rmSync(join(tmpdir(), name), { recursive: true, force: true })
    process.exitCode = 1
    throw new Error(
      `the test run left ${left.length} scratch director${left.length === 1 ? 'y' : 'ies'} in ${tmpdir()} (now removed): ${left.sort().join(', ')}`,
    )
  }
}
