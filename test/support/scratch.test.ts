// The scratch fixture: fresh, run-tagged dirs under
// the OS temp dir, gone after the file; and no test
// makes temp dirs another way (the leak check can
// only hold the fixture's to account).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { fileLoading, removeScratch, SCRATCH_NAME, scratchDir } from './scratch.ts'

const TEST = join(import.meta.dirname, '..')

/** May use the OS temp dir: the fixture's own files. */
const OWN_TEMP_DIRS = new Set([
  'support/scratch.ts',
  'support/leak-check.ts',
  'support/scratch.test.ts',
  // Writes there on purpose (its test sets TMPDIR).
  'fixtures/hostile/writes-intent-log.ts',
])

describe('scratchDir', () => {
  it('makes an empty directory under the OS temp dir, named for its label and this run, and removeScratch removes it', () => {
    const dir = scratchDir('fixture-check')
    expect(dirname(dir)).toBe(tmpdir())
    expect(readdirSync(dir)).toEqual([])
    const name = dir.slice(tmpdir().length + 1)
    expect(name).toMatch(/^faultline-fixture-check-/)
    expect(SCRATCH_NAME.exec(name)?.[1]).toBe(inject('faultlineScratchRun'))
    expect(scratchDir('fixture-check')).not.toBe(dir)
    removeScratch()
    expect(existsSync(dir)).toBe(false)
  })

  it('refuses while a test file loads: a file whose tests are all skipped runs no hook to remove it', () => {
    fileLoading(true)
    try {
      expect(() => scratchDir('at-load')).toThrow(/while the test file loads: call it in a test or a beforeAll hook/)
    } finally {
      fileLoading(false)
    }
  })

  it('refuses a label that would not parse back out of the name', () => {
    expect(() => scratchDir('Has Spaces')).toThrow(/use lower case, digits and dashes/)
  })
})

describe('the OS temp dir in tests', () => {
  it('is written only through scratchDir, so the leak check after the run sees every directory made there', () => {
    const files = readdirSync(TEST, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(ts|mts|cts|js|mjs|cjs)$/.test(f),
    )
    const offenders = files.filter(
      (f) => !OWN_TEMP_DIRS.has(f) && /\btmpdir\s*\(|['"`]\/tmp\b/.test(readFileSync(join(TEST, f), 'utf8')),
    )
    expect(offenders, 'use scratchDir() from test/support/scratch.ts').toEqual([])
  })
})
