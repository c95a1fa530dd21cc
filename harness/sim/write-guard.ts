// Notices writes to files: state outside
// ctx.storage outlives a run, so a verdict
// would depend on earlier commands. The write
// still happens; the listener reports it.
//
// Longer than most because fs has some forty
// ways to write, each wrapped on its own, and
// its binding twenty more.
import fs from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { syncBuiltinExports } from './esm-sync.ts'

export interface WriteGuard {
  undo(): void
}

/** The file written (absolute) and the call. */
export type Wrote = (path: string, how: string) => void

interface Listener {
  readonly wrote: Wrote
  readonly mine: () => boolean
}

/** The newest guard hears of writes it owns. */
const listeners: Listener[] = []
let installed: { undo(): void } | null = null

/**
 * Watch file writes until `undo()`; `mine` says
 * whether the code writing now is the listener's
 * (cheap: asked before the path is worked out).
 * Guards nest: patched once, undone with the last.
 */
export function installWriteGuard(wrote: Wrote, mine: () => boolean = () => true): WriteGuard {
  installed ??= patchAll()
  const listener = { wrote, mine }
  listeners.push(listener)
  let undone = false
  return {
    undo() {
      if (undone) return
      undone = true
      listeners.splice(listeners.lastIndexOf(listener), 1)
      if (listeners.length > 0) return
      const patches = installed
      installed = null
      patches?.undo()
    },
  }
}

/** Not state: the void, the terminal, stdio. */
const NOT_STATE = new Set([
  '/dev/null',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/fd/1',
  '/dev/fd/2',
  '/proc/self/fd/1',
  '/proc/self/fd/2',
])

/** The file a path or descriptor names; null: none. */
function fileOf(target: unknown): string | null {
  if (typeof target === 'number') return fileOfFd(target)
  if (typeof target === 'string') return canonical(resolve(target))
  if (Buffer.isBuffer(target)) return canonical(resolve(target.toString()))
  if (target instanceof URL) return target.protocol === 'file:' ? canonical(fileURLToPath(target)) : null
  const fd = (target as { fd?: unknown } | null | undefined)?.fd // a FileHandle
  return typeof fd === 'number' ? fileOfFd(fd) : null
}

/**
 * Its directory's links resolved, as in a
 * descriptor's name: one file, one name (a
 * run reports a name once). Not the file's
 * own: unlink or rename acts on a link.
 */
function canonical(file: string): string {
  if (NOT_STATE.has(file)) return file // /dev/stdout is no file
  try {
    return join(realpath(dirname(file)), basename(file))
  } catch {
    return file // no such directory
  }
}
const realpath = fs.realpathSync.native

/** stdio is never state; pipes and sockets neither. */
function fileOfFd(fd: number): string | null {
  if (fd <= 2) return null
  try {
    const file = readlink(`/proc/self/fd/${fd}`)
    return file.startsWith('/') ? file : null // pipe:[…], socket:[…]
  } catch {
    return `file descriptor ${fd}` // no /proc here
  }
}
const readlink = fs.readlinkSync

function isState(file: string): boolean {
  return !NOT_STATE.has(file) && !file.startsWith('/dev/pts/')
}

/** Does an open() flag write? */
function writes(flag: unknown): boolean {
  if (typeof flag === 'number') {
    const { O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_TRUNC } = fs.constants
    return (flag & (O_WRONLY | O_RDWR | O_APPEND | O_CREAT | O_TRUNC)) !== 0
  }
  return typeof flag === 'string' && !/^(r|rs|sr)$/.test(flag)
}

/** Its target(s), from a call's this and arguments. */
type Targets = (args: unknown[], self: unknown) => unknown[]

const first: Targets = (a) => [a[0]]
const second: Targets = (a) => [a[1]]
const both: Targets = (a) => [a[0], a[1]]
const self: Targets = (_a, s) => [s]
const opened: Targets = (a) => (writes(a[1]) ? [a[0]] : [])
const temporary: Targets = (a) => [`${String(a[0])}XXXXXX`]
const stream: Targets = (a) => {
  const fd = (a[1] as { fd?: unknown } | null | undefined)?.fd
  return [fd ?? a[0]]
}

/** fs functions (callback; Sync added) and targets. */
const FS: Record<string, Targets> = {
  writeFile: first,
  appendFile: first,
  open: opened,
  write: first,
  writev: first,
  ftruncate: first,
  truncate: first,
  mkdir: first,
  mkdtemp: temporary,
  rm: first,
  rmdir: first,
  unlink: first,
  rename: both,
  copyFile: second,
  cp: second,
  symlink: second,
  link: second,
  utimes: first,
  futimes: first,
  lutimes: first,
  chmod: first,
  fchmod: first,
  lchmod: first,
  chown: first,
  fchown: first,
  lchown: first,
}

/** fs.promises (each calls the binding itself); open below. */
const PROMISES: Record<string, Targets> = {
  writeFile: first,
  appendFile: first,
  truncate: first,
  mkdir: first,
  mkdtemp: temporary,
  rm: first,
  rmdir: first,
  unlink: first,
  rename: both,
  copyFile: second,
  cp: second,
  symlink: second,
  link: second,
  utimes: first,
  lutimes: first,
  chmod: first,
  lchmod: first,
  chown: first,
  lchown: first,
}

/**
 * process.binding('fs'), beneath the API (fs
 * calls it too: those calls are the API's).
 * Where it shares a name, it shares targets.
 */
const BINDING: Record<string, Targets> = {
  ...Object.fromEntries(
    [
      ['open', 'mkdir', 'mkdtemp', 'rmdir', 'unlink', 'rename', 'copyFile', 'symlink', 'link', 'ftruncate'],
      ['utimes', 'futimes', 'lutimes', 'chmod', 'fchmod', 'chown', 'fchown', 'lchown'],
    ]
      .flat()
      .map((name) => [name, FS[name]!]),
  ),
  openFileHandle: opened,
  writeBuffer: first,
  writeBuffers: first,
  writeString: first,
  writeFileUtf8: first,
}

/** The binding object fs calls, or null. */
function fsBinding(): Record<string, unknown> | null {
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding
    return binding('fs') as Record<string, unknown>
  } catch {
    return null // no process.binding here
  }
}

/** A FileHandle writes to its own file. */
const HANDLE = [
  'write',
  'writev',
  'writeFile',
  'appendFile',
  'truncate',
  'chmod',
  'chown',
  'utimes',
  'createWriteStream',
]

/** Inside a patched call: its inner calls are its own. */
let depth = 0

type Fn = (...args: unknown[]) => unknown
// Taken at load: a run may replace
// Function.prototype.apply.
const apply = Reflect.apply

/** Made once each: a run's install only swaps. */
const wrappers = new WeakMap<Fn, Fn>()

function watched(how: string, original: Fn, targets: Targets): Fn {
  let wrapper = wrappers.get(original)
  if (wrapper === undefined) {
    wrapper = wrap(how, original, targets)
    wrappers.set(original, wrapper)
  }
  return wrapper
}

function wrap(how: string, original: Fn, targets: Targets): Fn {
  const wrapper = function (this: unknown, ...args: unknown[]) {
    if (depth === 0) noticed(how, targets, args, this)
    depth++
    try {
      return apply(original, this, args)
    } finally {
      depth--
    }
  }
  // util.promisify(fs.write) keeps its shape.
  for (const key of Object.getOwnPropertySymbols(original))
    Object.defineProperty(wrapper, key, { value: (original as unknown as Record<symbol, unknown>)[key] })
  return wrapper
}

function noticed(how: string, targets: Targets, args: unknown[], self: unknown): void {
  const listener = listeners.at(-1)
  if (!listener?.mine()) return
  for (const target of targets(args, self)) {
    let file: string | null
    try {
      file = fileOf(target)
    } catch {
      continue // a bad argument: Node's own error follows
    }
    if (file !== null && isState(file) && !vendorBookkeeping(file)) listener.wrote(file, how)
  }
}

/**
 * stripe-node at its defaults keeps a telemetry
 * id in <config>/stripe/telemetry_id, written on
 * its first request where missing (23.1.0, esm/
 * platform/NodePlatformFunctions.js): the SDK's,
 * never the executor's state, so no finding.
 */
function vendorBookkeeping(file: string): boolean {
  if (!/[/\\][Ss]tripe(?:[/\\]telemetry_id)?$/.test(file)) return false
  return /getTelemetryId/.test(new Error().stack ?? '')
}

/** FileHandle's prototype, once a handle is seen. */
let handleProto: Record<string, unknown> | null = null
/** The install in force patches it when seen. */
let swapHandles: ((proto: Record<string, unknown>) => void) | null = null

/** promises.open, watched, and FileHandle found. */
const openers = new WeakMap<Fn, Fn>()
function opener(original: Fn): Fn {
  let wrapper = openers.get(original)
  if (wrapper === undefined) {
    const open = watched('fs.promises.open', original, opened)
    wrapper = function (this: unknown, ...args: unknown[]) {
      const opening = apply(open, this, args) as Promise<object>
      if (handleProto === null)
        opening.then(
          (handle) => {
            if (handleProto !== null) return
            handleProto = Object.getPrototypeOf(handle) as Record<string, unknown>
            swapHandles?.(handleProto)
          },
          () => {},
        )
      return opening
    }
    openers.set(original, wrapper)
  }
  return wrapper
}

/** A property swapped for its wrapper. */
interface Swapped {
  readonly target: Record<string, unknown>
  readonly key: string
  readonly descriptor: PropertyDescriptor
}

/**
 * Swapped in place, not by patch.ts: ~70 of its
 * checked patches cost ~10 % of an in-process
 * run; a replaced fs function hides only writes.
 */
function patchAll(): { undo(): void } {
  const swapped: Swapped[] = []
  const swap = (target: Record<string, unknown>, key: string, wrap: (original: Fn) => Fn) => {
    const descriptor = Object.getOwnPropertyDescriptor(target, key)
    if (typeof descriptor?.value !== 'function') return // lchmod: macOS only
    swapped.push({ target, key, descriptor })
    Object.defineProperty(target, key, { ...descriptor, value: wrap(descriptor.value as Fn) })
  }
  const watch = (target: Record<string, unknown>, key: string, how: string, targets: Targets) =>
    swap(target, key, (original) => watched(how, original, targets))
  const handles = (proto: Record<string, unknown>) => {
    for (const name of HANDLE) watch(proto, name, `FileHandle.${name}`, self)
  }
  const restore = () => {
    swapHandles = null
    while (swapped.length > 0) {
      const { target, key, descriptor } = swapped.pop()!
      Object.defineProperty(target, key, descriptor)
    }
  }
  try {
    const callbacks = fs as unknown as Record<string, unknown>
    for (const [name, targets] of Object.entries(FS)) {
      watch(callbacks, name, `fs.${name}`, targets)
      watch(callbacks, `${name}Sync`, `fs.${name}Sync`, targets)
    }
    watch(callbacks, 'createWriteStream', 'fs.createWriteStream', stream)
    const promises = fs.promises as unknown as Record<string, unknown>
    for (const [name, targets] of Object.entries(PROMISES)) watch(promises, name, `fs.promises.${name}`, targets)
    swap(promises, 'open', opener)
    const binding = fsBinding()
    if (binding !== null)
      for (const [name, targets] of Object.entries(BINDING))
        watch(binding, name, `process.binding('fs').${name}`, targets)
    // Not exported: found on the first handle.
    if (handleProto !== null) handles(handleProto)
    swapHandles = handles
    syncBuiltinExports()
  } catch (e) {
    restore()
    syncBuiltinExports()
    throw e
  }
  return {
    undo() {
      try {
        restore()
      } finally {
        syncBuiltinExports()
      }
    },
  }
}
