// Output files (--out, --junit, --markdown, --html):
// checked before any work without touching what is
// there, and written after it without throwing.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Io } from '../../../faultline/cli/io.ts'
import { checkCorpus, checkOutputs, writeOutput } from '../../../faultline/cli/output-file.ts'
import { UsageError } from '../../../harness/jobs/usage-error.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

function io(cwd: string): Io & { errors: string[] } {
  const errors: string[] = []
  return { out: () => {}, err: (t) => errors.push(t), cwd, errors }
}

const refusal = (cwd: string, values: Parameters<typeof checkOutputs>[0]): string => {
  const e = thrownQuickly(() => checkOutputs(values, io(cwd)))
  expect(e).toBeInstanceOf(UsageError)
  return (e as Error).message
}

describe('checkOutputs', () => {
  it('makes the directory, leaves no file behind, and keeps an existing file as it was', () => {
    const cwd = scratchDir('output-file')
    writeFileSync(join(cwd, 'old.xml'), 'kept')
    checkOutputs({ out: 'deep/er/r.json', junit: 'old.xml' }, io(cwd))
    expect(readdirSync(join(cwd, 'deep', 'er'))).toEqual([])
    expect(readFileSync(join(cwd, 'old.xml'), 'utf8')).toBe('kept')
  })

  it('refuses a directory, a FIFO, a path under a file, and an empty name', () => {
    const cwd = scratchDir('output-file')
    mkdirSync(join(cwd, 'dir'))
    writeFileSync(join(cwd, 'file'), '')
    fifo(cwd, 'pipe')
    expect(refusal(cwd, { out: 'dir' })).toBe('cannot write --out dir: it is a directory (give a file path)')
    expect(refusal(cwd, { junit: 'pipe' })).toBe(
      'cannot write --junit pipe: it is a FIFO or a socket (give a file path)',
    )
    expect(refusal(cwd, { html: 'file/r.html' })).toMatch(
      /^cannot write --html file\/r\.html: \S+file is not a directory$/,
    )
    expect(refusal(cwd, { markdown: '' })).toBe(
      '--markdown needs a file name, e.g. --markdown reports/out/faultline.md',
    )
  })

  it.runIf(existsSync('/proc/self'))(
    'refuses a directory nobody can make, at once (recursive mkdir loops there)',
    () => {
      expect(refusal(scratchDir('output-file'), { out: '/proc/nope/r.json' })).toMatch(
        /^cannot write --out \/proc\/nope\/r\.json: ENOENT: /,
      )
    },
  )

  it('refuses two options on one file, but not on /dev/null', () => {
    const cwd = scratchDir('output-file')
    expect(refusal(cwd, { out: 'r.json', html: './r.json' })).toBe(
      '--out and --html both write ./r.json: give each its own file',
    )
    expect(() => checkOutputs({ out: '/dev/null', junit: '/dev/null' }, io(cwd))).not.toThrow()
  })
})

describe('checkCorpus', () => {
  it('takes a corpus not made yet, and --no-corpus; refuses a file or a path under one', () => {
    const cwd = scratchDir('output-file')
    writeFileSync(join(cwd, 'file'), '')
    expect(() => checkCorpus(undefined, io(cwd))).not.toThrow()
    expect(() => checkCorpus('a/b/corpus', io(cwd))).not.toThrow()
    expect(existsSync(join(cwd, 'a'))).toBe(false)
    expect(() => checkCorpus(false, io(cwd))).not.toThrow()
    expect(() => checkCorpus('file', io(cwd))).toThrow(
      new UsageError(
        `the corpus directory file cannot be made: ${join(cwd, 'file')} is not a directory (check --corpus, or pass --no-corpus)`,
      ),
    )
    expect(() => checkCorpus('file/corpus', io(cwd))).toThrow(
      /^the corpus directory file\/corpus cannot be made: ENOTDIR/,
    )
  })
})

describe('writeOutput', () => {
  it('writes, replacing what was there', () => {
    const cwd = scratchDir('output-file')
    writeFileSync(join(cwd, 'r.json'), 'a much longer old content')
    expect(writeOutput('--out', 'new/r.json', '{}', io(cwd))).toBe(true)
    expect(writeOutput('--out', 'r.json', '{}', io(cwd))).toBe(true)
    expect(readFileSync(join(cwd, 'r.json'), 'utf8')).toBe('{}')
    expect(existsSync(join(cwd, 'new', 'r.json'))).toBe(true)
  })

  it.runIf(existsSync('/dev/full'))('says in one line on stderr that a full disk failed it, and throws nothing', () => {
    const to = io(scratchDir('output-file'))
    expect(writeOutput('--junit', '/dev/full', '<x/>', to)).toBe(false)
    expect(to.errors).toEqual([expect.stringMatching(/^faultline: cannot write --junit \/dev\/full: ENOSPC: [^\n]*$/)])
  })

  it('refuses a FIFO put there since the check, at once', () => {
    const cwd = scratchDir('output-file')
    fifo(cwd, 'r.json')
    const to = io(cwd)
    const started = performance.now()
    expect(writeOutput('--out', 'r.json', '{}', to)).toBe(false)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(to.errors).toEqual([expect.stringMatching(/^faultline: cannot write --out r\.json: /)])
  })
})
