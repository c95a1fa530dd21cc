// Reading a file the CLI was given: only a regular
// file, never past a limit, and never blocking on a
// FIFO (test/support/fifo.ts: a regression fails on
// its time instead of hanging).
import { existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkRegularFile, FileRefused, readRegularFile, sizeName } from '../../../harness/campaign/regular-file.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

function refused(f: () => unknown): FileRefused {
  const e = thrownQuickly(f)
  if (e instanceof FileRefused) return e
  throw e
}

describe('readRegularFile', () => {
  it('reads a file, its byte-order mark dropped', () => {
    const file = join(scratchDir('regular-file'), 'a.json')
    writeFileSync(file, '\uFEFF{"a":1}')
    expect(readRegularFile(file, 100)).toBe('{"a":1}')
  })

  it('takes a file of exactly the limit, refuses one byte more', () => {
    const dir = scratchDir('regular-file')
    writeFileSync(join(dir, 'at.txt'), 'x'.repeat(100))
    writeFileSync(join(dir, 'over.txt'), 'x'.repeat(101))
    expect(readRegularFile(join(dir, 'at.txt'), 100)).toHaveLength(100)
    const e = refused(() => readRegularFile(join(dir, 'over.txt'), 100))
    expect([e.reason, e.message]).toEqual(['size', 'is larger than 100 bytes'])
  })

  it.runIf(existsSync('/proc/self/status'))('stops at the limit where the size says 0 (/proc)', () => {
    expect(readRegularFile('/proc/self/status', 2 ** 20)).toMatch(/^Name:/)
    expect(refused(() => readRegularFile('/proc/self/status', 100)).reason).toBe('size')
  })

  it('refuses a FIFO with no writer at once, unread', () => {
    const path = fifo(scratchDir('regular-file'))
    const e = refused(() => readRegularFile(path, 100))
    expect([e.reason, e.message]).toEqual(['type', 'is a FIFO, not a regular file'])
  })

  it.runIf(existsSync('/dev/zero'))('refuses /dev/zero, a directory, and says why a missing file failed', () => {
    expect(refused(() => readRegularFile('/dev/zero', 100)).message).toBe('is a character device, not a regular file')
    const dir = scratchDir('regular-file')
    expect(refused(() => readRegularFile(dir, 100)).message).toBe('is a directory, not a regular file')
    const missing = refused(() => readRegularFile(join(dir, 'nope.json'), 100))
    expect([missing.reason, missing.code]).toEqual(['open', 'ENOENT'])
  })
})

describe('checkRegularFile', () => {
  it('refuses a huge file by its size, unread (sparse: instant)', () => {
    const file = join(scratchDir('regular-file'), 'huge.ts')
    writeFileSync(file, '')
    truncateSync(file, 65 * 2 ** 20)
    expect(refused(() => checkRegularFile(file, 64 * 2 ** 20)).message).toBe('is larger than 64 MB')
    expect(() => checkRegularFile(file, 66 * 2 ** 20)).not.toThrow()
  })

  it('refuses a FIFO and a directory', () => {
    const dir = scratchDir('regular-file')
    expect(refused(() => checkRegularFile(fifo(dir), 100)).reason).toBe('type')
    mkdirSync(join(dir, 'sub.ts'))
    expect(refused(() => checkRegularFile(join(dir, 'sub.ts'), 100)).reason).toBe('type')
  })
})

it('names sizes as the messages say them', () => {
  expect([sizeName(256 * 2 ** 20), sizeName(512 * 1024), sizeName(100)]).toEqual(['256 MB', '512 KB', '100 bytes'])
})
