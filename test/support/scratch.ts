// The one place tests get a directory to write in: a fresh
// `faultline-<label>-<run>-XXXXXX` under the OS temp dir, removed when the
// test file is done, passed or failed (test/support/scratch-cleanup.ts, a
// setup file). Commands under test run with one as their working directory,
// so they never read or write the repository's .faultline/corpus or
// reports/out. `<run>` names the test run (test/support/leak-check.ts), so
// its check after the run can tell this run's leftovers from another's.
// Call it in a test or a hook, never while the file loads: a file whose tests
// are all skipped (-t, skipIf) runs no hook, so nothing would remove it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's tag in scratch directory names (set by test/support/leak-check.ts). */
    faultlineScratchRun: string
  }
}

/** A scratch directory's name, for the leak check: label, run tag, mkdtemp's six characters. */
export const SCRATCH_NAME = /^faultline-[a-z0-9-]+-(r[0-9a-f]{8})-[A-Za-z0-9]{6}$/

const made = new Set<string>()
/** True while the test file loads (the setup file says when that ends); undefined without the setup file. */
let loading: boolean | undefined

/** A new, empty directory, removed after this test file. `label` says who made it (lower case, digits, dashes). */
export function scratchDir(label: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(label))
    throw new Error(`scratchDir: label ${JSON.stringify(label)}: use lower case, digits and dashes`)
  if (loading)
    throw new Error(
      `scratchDir('${label}') while the test file loads: call it in a test or a beforeAll hook, or it is left behind when the file's tests are all skipped`,
    )
  // No tag when run without the config's global setup: the directory is still removed.
  const run = (inject('faultlineScratchRun') as string | undefined) ?? 'r00000000'
  const dir = mkdtempSync(join(tmpdir(), `faultline-${label}-${run}-`))
  made.add(dir)
  return dir
}

/** Called by the setup file: the test file is loading (true), or its tests have started (false). */
export function fileLoading(now: boolean): void {
  loading = now
}

/** Remove every directory this file made (the setup file calls it after the file's tests). */
export function removeScratch(): void {
  for (const dir of made) {
    // A child a test started may still be writing there for a moment: retry.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    made.delete(dir)
  }
}
