// The one way the CLI reads a file it was given:
// opened without blocking (a FIFO with no writer
// would wait forever), its type checked on the open
// fd (not a stat, then an open: a race), and never
// read past a limit (/dev/zero has no end).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'

export const MB = 2 ** 20

/**
 * A scenario is a few KB; a corpus
 * entry or --min-coverage file too.
 */
export const MAX_SCENARIO_BYTES = 16 * MB

/**
 * An --out report is ~1 KB a run: 256 MB
 * is ~250k runs, half V8's longest string.
 */
export const MAX_REPORT_BYTES = 256 * MB

/** An executor, mapping or judge module. */
export const MAX_MODULE_BYTES = 64 * MB

/** Why a file was refused; the message follows its name. */
export class FileRefused extends Error {
  override readonly name = 'FileRefused'
  constructor(
    /** open: the path; type: not a regular file; size: too large. */
    readonly reason: 'open' | 'type' | 'size',
    message: string,
    /** open's errno code: ENOENT, EACCES, … */
    readonly code?: string,
  ) {
    super(message)
  }
}

/**
 * O_NONBLOCK: opening a FIFO returns at once;
 * on a regular file it changes nothing. Not on
 * Windows, which has no FIFOs to fear.
 */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)

/** Read chunk; the first is the file's size. */
const CHUNK = 2 ** 16

/** A regular file's text (a BOM dropped), ≤ `maxBytes`. */
export function readRegularFile(path: string, maxBytes: number): string {
  const fd = openChecked(path, maxBytes)
  try {
    const chunks: Buffer[] = []
    let total = 0
    let hint = fstatSync(fd).size + 1
    // Till EOF, not the stat's size: /proc's
    // files say 0, and a file may grow.
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(maxBytes + 1 - total, Math.max(hint, CHUNK)))
      const n = readSync(fd, chunk, 0, chunk.length, null)
      if (n === 0) break
      chunks.push(chunk.subarray(0, n))
      total += n
      hint = CHUNK
      if (total > maxBytes) throw tooLarge(maxBytes)
    }
    const text = Buffer.concat(chunks, total).toString('utf8')
    // a UTF-8 byte-order mark, as some editors write
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  } finally {
    closeSync(fd)
  }
}

/**
 * Refuse what a module loader would hang
 * on: a FIFO, a device, a huge file.
 */
export function checkRegularFile(path: string, maxBytes: number): void {
  closeSync(openChecked(path, maxBytes))
}

function openChecked(path: string, maxBytes: number): number {
  let fd: number
  try {
    fd = openSync(path, READ_FLAGS)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error'
    throw new FileRefused('open', `cannot be opened (${code})`, code)
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new FileRefused('type', `is ${kindOf(stat)}, not a regular file`)
    if (stat.size > maxBytes) throw tooLarge(maxBytes)
    return fd
  } catch (e) {
    closeSync(fd)
    throw e
  }
}

function tooLarge(maxBytes: number): FileRefused {
  return new FileRefused('size', `is larger than ${sizeName(maxBytes)}`)
}

/** `64 MB`, `512 KB`, `100 bytes`. */
export function sizeName(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`
  return `${bytes} bytes`
}

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO'
  if (stat.isCharacterDevice()) return 'a character device'
  if (stat.isDirectory()) return 'a directory'
  if (stat.isSocket()) return 'a socket'
  if (stat.isBlockDevice()) return 'a block device'
  return 'something else'
}
