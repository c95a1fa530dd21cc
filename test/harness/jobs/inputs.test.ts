// --min-coverage FILE.json: a FIFO or a device is
// refused unread, in one line naming the option;
// --corpus false is no directory to make.
import { afterEach, expect, it } from 'vitest'
import { corpusOf, minCoverageOf } from '../../../harness/jobs/inputs.ts'
import { UsageError } from '../../../harness/jobs/usage-error.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

it('refuses a FIFO given as --min-coverage at once', () => {
  const dir = scratchDir('inputs')
  fifo(dir, 'cov.json')
  const e = thrownQuickly(() => minCoverageOf('cov.json', dir))
  expect(e).toBeInstanceOf(UsageError)
  expect((e as Error).message).toBe(
    '--min-coverage cov.json: cannot read it as JSON (it is a FIFO, not a regular file)',
  )
})

it('refuses --corpus false (or none) in one line naming --no-corpus, and takes a directory as given', () => {
  expect(() => corpusOf('false')).toThrow(
    new UsageError('--corpus false would be a directory named false: pass --no-corpus for none'),
  )
  expect(() => corpusOf('none')).toThrow(/pass --no-corpus for none/)
  expect(corpusOf('ci/corpus')).toBe('ci/corpus')
  expect(corpusOf(false)).toBeNull()
})
