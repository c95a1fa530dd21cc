// A result file (merge's shards, report's result):
// a FIFO, a device or a huge file refused unread.
import { truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { readJsonFile } from '../../../harness/jobs/json-file.ts'
import { UsageError } from '../../../harness/jobs/usage-error.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

const usage = (f: () => unknown): string => {
  const e = thrownQuickly(f)
  expect(e).toBeInstanceOf(UsageError)
  return (e as Error).message
}

it('reads JSON, a BOM and all', () => {
  const dir = scratchDir('json-file')
  writeFileSync(join(dir, 'r.json'), '\uFEFF{"format":"x"}')
  expect(readJsonFile('r.json', dir, 'hint')).toEqual({ format: 'x' })
})

it('refuses a FIFO and /dev/zero at once, naming the hint', () => {
  const dir = scratchDir('json-file')
  fifo(dir, 'r.json')
  expect(usage(() => readJsonFile('r.json', dir, 'merge takes --out files'))).toBe(
    'r.json is a FIFO, not a regular file (merge takes --out files)',
  )
  expect(usage(() => readJsonFile('/dev/zero', dir, 'hint'))).toBe(
    '/dev/zero is a character device, not a regular file (hint)',
  )
})

it('refuses a file over 256 MB by its size (sparse: nothing is read)', () => {
  const dir = scratchDir('json-file')
  writeFileSync(join(dir, 'big.json'), '')
  truncateSync(join(dir, 'big.json'), 256 * 2 ** 20 + 1)
  expect(usage(() => readJsonFile('big.json', dir, 'hint'))).toBe(
    'big.json is larger than 256 MB, more than any faultline report (hint)',
  )
})
