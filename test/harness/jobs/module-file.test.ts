// A module given as --executor, --mapping or --judge:
// checked on its open fd, so a FIFO is bad usage at
// once instead of a load that waits for its timeout.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { resolveExecutor } from '../../../harness/jobs/open-pool.ts'
import { checkModuleFile } from '../../../harness/jobs/module-file.ts'
import { mappingPath } from '../../../harness/jobs/mapping-file.ts'
import { loadJudges } from '../../../harness/jobs/judges.ts'
import { UsageError } from '../../../harness/jobs/usage-error.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

const usage = (f: () => unknown): string => {
  const e = thrownQuickly(f)
  expect(e).toBeInstanceOf(UsageError)
  return (e as Error).message
}

const FIX = '(give the path to a .ts, .mts, .js, .mjs or .cjs module)'

it('passes a module file', () => {
  const dir = scratchDir('module-file')
  writeFileSync(join(dir, 'm.ts'), 'export default 1\n')
  expect(() => checkModuleFile(join(dir, 'm.ts'), 'm.ts', 'judge module')).not.toThrow()
  expect(mappingPath('m.ts', dir)).toBe(join(dir, 'm.ts'))
})

it('refuses a FIFO as a mapping or an executor at once', () => {
  const dir = scratchDir('module-file')
  fifo(dir, 'm.ts')
  expect(usage(() => mappingPath('m.ts', dir))).toBe(`mapping module m.ts is a FIFO, not a regular file ${FIX}`)
  // The resolver's own stat says so first; the fd check backs it.
  expect(usage(() => resolveExecutor('./m.ts', dir, []))).toMatch(/^executor module \.\/m\.ts is .*not a regular file/)
})

it('refuses a FIFO as a judge before loading it', async () => {
  const dir = scratchDir('module-file')
  fifo(dir, 'j.ts')
  const started = performance.now()
  await expect(loadJudges('j.ts', dir)).rejects.toThrow(`judge module j.ts is a FIFO, not a regular file ${FIX}`)
  expect(performance.now() - started).toBeLessThan(5000)
})

it('says a missing module is not found, and a directory is not a file', () => {
  const dir = scratchDir('module-file')
  mkdirSync(join(dir, 'd.ts'))
  // The path as given, not as resolved.
  expect(usage(() => mappingPath('nope.ts', dir))).toBe('mapping module not found: nope.ts (check the path)')
  expect(usage(() => mappingPath('d.ts', dir))).toBe(`mapping module d.ts is a directory, not a regular file ${FIX}`)
})
