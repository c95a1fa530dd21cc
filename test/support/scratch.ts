// The one place tests get a dir to write in, under
// the OS temp dir and removed after the test file,
// so commands never touch the repo's .faultline/ or
// reports/out. Its run tag lets the leak check tell
// this run's leftovers from another's. Call it in a
// test or hook, never at load: a file whose tests
// are all skipped runs no hook to remove it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's tag in scratch dir names (leak-check.ts). */
    faultlineScratchRun: string
  }
}

/** label, run tag, mkdtemp's six characters. */
export const SCRATCH_NAME = /^faultline-[a-z0-9-]+-(r[0-9a-f]{8})-[A-Za-z0-9]{6}$/

const made = new Set<string>()
/** True while the file loads; undefined with no setup file. */
let loading: boolean | undefined

/** A new, empty dir, removed after this test file. */
export function scratchDir(label: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(label))
    throw new Error(`scratchDir: label ${JSON.stringify(label)}: use lower case, digits and dashes`)
  if (loading)
    throw new Error(
      `scratchDir('${label}') while the test file loads: call it in a test or a beforeAll hook, or it is left behind when the file's tests are all skipped`,
    )
  // No tag without the global setup: still removed.
  const run = (inject('faultlineScratchRun') as string | undefined) ?? 'r00000000'
  const dir = mkdtempSync(join(tmpdir(), `faultline-${label}-${run}-`))
  made.add(dir)
  return dir
}

/** Called by the setup file: is the file still loading? */
export function fileLoading(now: boolean): void {
  loading = now
}

/** Remove every dir this file made. */
export function removeScratch(): void {
  for (const dir of made) {
    // A child a test started may still be writing: retry.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    made.delete(dir)
  }
}
