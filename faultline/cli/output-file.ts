// A file a command writes (--out, --junit,
// --markdown, --html): checked before any work,
// so a bad path is bad usage at once; written
// after it without throwing, so a write that
// still fails never hides or changes a verdict.
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CorpusError, checkCorpusDir, DEFAULT_CORPUS_DIR } from '../../harness/campaign/corpus.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import type { Io } from './io.ts'

/** The output options, as the commands name them. */
export interface OutputFiles {
  readonly out?: string | undefined
  readonly junit?: string | undefined
  readonly markdown?: string | undefined
  readonly html?: string | undefined
}

const EXAMPLE: Record<string, string> = {
  '--out': 'reports/out/faultline.json',
  '--junit': 'reports/out/faultline.xml',
  '--markdown': 'reports/out/faultline.md',
  '--html': 'reports/out/faultline.html',
}

/**
 * Never blocks: a FIFO with no reader is ENXIO
 * at once, not an open that waits forever.
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0

/**
 * Each output given: its directory made, and
 * writing there shown to work, without touching
 * an existing file. Else a UsageError (exit 2).
 */
export function checkOutputs(values: OutputFiles, io: Io): void {
  const seen = new Map<string, string>()
  for (const key of ['out', 'junit', 'markdown', 'html'] as const) {
    const file = values[key]
    if (file === undefined) continue
    const option = `--${key}`
    // Two options on /dev/null is fine.
    if (checkOutput(option, file, io.cwd) === 'device') continue
    const abs = resolve(io.cwd, file)
    const other = seen.get(abs)
    if (other) throw new UsageError(`${other} and ${option} both write ${file}: give each its own file`)
    seen.set(abs, option)
  }
}

/** A file (or none yet), or a device (/dev/null). */
export function checkOutput(option: string, file: string, cwd: string): 'file' | 'device' {
  if (file === '') throw new UsageError(`${option} needs a file name, e.g. ${option} ${EXAMPLE[option] ?? 'FILE'}`)
  const abs = resolve(cwd, file)
  const fail = (why: string) => new UsageError(`cannot write ${option} ${file}: ${why}`)
  try {
    makeDirs(dirname(abs))
  } catch (e) {
    throw fail(errorLine(e))
  }
  let fd: number
  try {
    // O_APPEND, no O_TRUNC: an existing file keeps
    // its content if the campaign then fails.
    fd = openSync(abs, constants.O_WRONLY | constants.O_APPEND | NONBLOCK)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EISDIR') throw fail('it is a directory (give a file path)')
    if (code === 'ENXIO') throw fail('it is a FIFO or a socket (give a file path)')
    if (code !== 'ENOENT') throw fail(errorLine(e))
    probe(abs, fail)
    return 'file'
  }
  try {
    const stat = fstatSync(fd)
    if (stat.isFIFO() || stat.isSocket()) throw fail('it is a FIFO or a socket (give a file path)')
    return stat.isFile() ? 'file' : 'device'
  } finally {
    closeSync(fd)
  }
}

/** A new file: created and removed again. */
function probe(abs: string, fail: (why: string) => UsageError): void {
  try {
    closeSync(openSync(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NONBLOCK))
  } catch (e) {
    throw fail(errorLine(e))
  }
  try {
    unlinkSync(abs)
  } catch {
    // written after the campaign anyway
  }
}

/**
 * The corpus a campaign saves its failures in
 * (`--corpus`; false: `--no-corpus`): one it
 * could never make is bad usage before the work.
 */
export function checkCorpus(value: string | false | undefined, io: Io): void {
  if (value === false || value === '') return
  try {
    checkCorpusDir(io.cwd, value ?? DEFAULT_CORPUS_DIR)
  } catch (e) {
    throw e instanceof CorpusError ? new UsageError(e.message) : e
  }
}

/**
 * Write `text` to an output; false, with one line on
 * stderr naming it, when that fails (a disk full, a
 * directory removed): the verdict is still printed
 * and the exit code is still the verdict's.
 */
export function writeOutput(option: string, file: string, text: string, io: Io): boolean {
  const abs = resolve(io.cwd, file)
  try {
    makeDirs(dirname(abs))
    // No O_TRUNC at open: a FIFO put there since
    // the check is refused, not truncated or waited on.
    const fd = openSync(abs, constants.O_WRONLY | constants.O_CREAT | NONBLOCK, 0o666)
    try {
      const stat = fstatSync(fd)
      if (stat.isFIFO() || stat.isSocket()) throw new Error('it is a FIFO or a socket')
      if (stat.isFile()) ftruncateSync(fd, 0)
      writeFileSync(fd, text)
    } finally {
      closeSync(fd)
    }
    return true
  } catch (e) {
    io.err(`faultline: cannot write ${option} ${file}: ${errorLine(e)}`)
    return false
  }
}

/**
 * `mkdir -p`, bounded: Node's recursive mkdir
 * loops forever where mkdir says ENOENT under
 * a parent that exists (/proc, /sys).
 */
function makeDirs(dir: string): void {
  const missing: string[] = []
  for (let at = dir; ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break
      throw new Error(`${at} is not a directory`)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw e
    }
    missing.push(at)
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
  }
}

function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? ''
}
