// Global setup (vitest.config.ts): a test run leaves nothing in the temp dir.
// Before the run, the `faultline-*` entries already there are noted and the
// run gets a tag for its scratch directories (test/support/scratch.ts); after
// it, a scratch directory of this run still there fails the run, naming each.
// A new entry without the tag cannot be told apart from another process's (a
// test run in another checkout, at the same time): it is named, loudly, but
// does not fail the run; test/support/scratch.test.ts keeps tests from making
// such entries in the first place.
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
    // Removed, so a failed check leaves nothing either; named, so the file that leaked is found (the label says which).
    for (const name of left) rmSync(join(tmpdir(), name), { recursive: true, force: true })
    process.exitCode = 1
    throw new Error(
      `the test run left ${left.length} scratch director${left.length === 1 ? 'y' : 'ies'} in ${tmpdir()} (now removed): ${left.sort().join(', ')}`,
    )
  }
}
