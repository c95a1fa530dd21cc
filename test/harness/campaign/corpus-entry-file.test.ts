// A corpus entry is read as a file only: a FIFO, a
// device or a directory named like an entry is a
// CorpusError at once (the gate's exit 2), not a hang.
import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { CorpusError, listEntries, readEntry } from '../../../harness/campaign/corpus.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

const NAME = 'false-failure--mine--0123456789ab.json'

function refusal(cwd: string): string {
  const [entry] = listEntries(cwd, 'corpus', 'mine')
  expect(entry?.file).toBe(join('corpus', NAME))
  const e = thrownQuickly(() => readEntry(cwd, entry!))
  expect(e).toBeInstanceOf(CorpusError)
  return (e as Error).message
}

it('refuses a FIFO named like an entry', () => {
  const cwd = scratchDir('corpus-entry')
  mkdirSync(join(cwd, 'corpus'))
  fifo(join(cwd, 'corpus'), NAME)
  expect(refusal(cwd)).toBe(
    `corpus entry corpus/${NAME} is a FIFO, not a regular file; delete it (faultline writes only files there)`,
  )
})

it('refuses a link to /dev/zero and a directory', () => {
  const cwd = scratchDir('corpus-entry')
  mkdirSync(join(cwd, 'corpus'))
  symlinkSync('/dev/zero', join(cwd, 'corpus', NAME))
  expect(refusal(cwd)).toMatch(/ is a character device, not a regular file; delete it/)
  const other = scratchDir('corpus-entry')
  mkdirSync(join(other, 'corpus', NAME), { recursive: true })
  expect(refusal(other)).toMatch(/ is a directory, not a regular file; delete it/)
})
