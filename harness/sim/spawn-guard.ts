// Refuses child processes and nested worker
// threads: what they do (network, effects,
// time) cannot be watched. A refused call fails
// as Node's own does when the OS says EPERM.
import childProcess, { ChildProcess } from 'node:child_process'
import cluster from 'node:cluster'
import os from 'node:os'
import { Readable, Writable } from 'node:stream'
import workerThreads from 'node:worker_threads'
import { calledFrom } from './call-sites.ts'
import { syncBuiltinExports } from './esm-sync.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'

export interface SpawnGuard {
  undo(): void
}

/** What was tried: `spawned a child process (…)`. */
export type Spawned = (what: string) => void

/** The newest guard hears of refused starts. */
const listeners: Spawned[] = []
let installed: { undo(): void } | null = null

/**
 * Refuse processes and threads until `undo()`.
 * Guards nest: patched once, undone with the last.
 */
export function installSpawnGuard(spawned: Spawned): SpawnGuard {
  installed ??= patchAll()
  listeners.push(spawned)
  let undone = false
  return {
    undo() {
      if (undone) return
      undone = true
      listeners.splice(listeners.lastIndexOf(spawned), 1)
      if (listeners.length > 0) return
      const patches = installed
      installed = null
      patches?.undo()
    },
  }
}

const WHY = 'faultline: a run may not start processes or threads'

/** Node's spawn error, with EPERM as the errno. */
function refusal(syscall: string, file: string, args: readonly string[]): NodeJS.ErrnoException {
  return Object.assign(new Error(`${syscall} EPERM (${WHY})`), {
    code: 'EPERM',
    errno: -1,
    syscall,
    path: file,
    spawnargs: args.slice(),
  })
}

/** A command as one short, quoted line. */
function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text)
}

const strings = (a: unknown): string[] => (Array.isArray(a) ? a.map(String) : [])

/** The describing call in flight: the outermost. */
let describing: string | null = null

type Fn = (...args: unknown[]) => unknown
// Taken at load: a run may replace
// Function.prototype.apply.
const apply = Reflect.apply

/** The API and its command, for the finding. */
function described(api: string, original: Fn, command: (args: unknown[]) => string): Fn {
  const wrapper = function (this: unknown, ...args: unknown[]) {
    const outer = describing === null
    if (outer) describing = `spawned a child process (${api} ${quote(command(args))})`
    try {
      return apply(original, this, args)
    } finally {
      if (outer) describing = null
    }
  }
  // util.promisify(exec) keeps its { stdout, stderr }.
  for (const key of Object.getOwnPropertySymbols(original)) {
    const value = (original as unknown as Record<symbol, unknown>)[key]
    Object.defineProperty(wrapper, key, {
      value: typeof value === 'function' ? described(api, value as Fn, command) : value,
      configurable: true,
    })
  }
  return wrapper
}

const fileAndArgs = (args: unknown[]) =>
  [String(args[0]), ...(Array.isArray(args[1]) ? strings(args[1]) : [])].join(' ')

/** execSync's shell: as Node picks it. */
function shellOf(options: unknown): string {
  const shell = (options as { shell?: unknown } | null | undefined)?.shell
  return typeof shell === 'string' ? shell : process.platform === 'win32' ? 'cmd.exe' : '/bin/sh'
}

/** spawnSync's answer when the OS refuses. */
function refusedResult(error: Error) {
  return { pid: 0, output: null, stdout: null, stderr: null, status: null, signal: null, error }
}

/** The newest listener hears it. */
const spawned: Spawned = (what) => listeners.at(-1)?.(what)

/** Every async start ends here (spawn, exec, execFile, fork, cluster.fork). */
function spawnMethod(this: ChildProcess, options: { file?: unknown; args?: unknown; stdio?: unknown }) {
  const file = String(options?.file)
  const args = strings(options?.args)
  spawned(describing ?? `spawned a child process (spawn ${quote(args.join(' ') || file)})`)
  refuseChild(this, file, args, options?.stdio)
  return undefined
}

/** The sync ones never reach ChildProcess. */
function refuseSync(api: string, file: string, args: string[], command: string, thrown: boolean) {
  spawned(`spawned a child process (${api} ${quote(command)})`)
  const error = refusal(`spawnSync ${file}`, file, args)
  if (thrown) throw Object.assign(error, refusedResult(error))
  return refusedResult(error)
}
const spawnSync = (file: unknown, args?: unknown) =>
  refuseSync('spawnSync', String(file), strings(args), fileAndArgs([file, args]), false)
const execFileSync = (file: unknown, args?: unknown) =>
  refuseSync('execFileSync', String(file), strings(args), fileAndArgs([file, args]), true)
const execSync = (command: unknown, options?: unknown) =>
  refuseSync('execSync', shellOf(options), ['-c', String(command)], String(command), true)

const RealWorker = workerThreads.Worker
/**
 * esbuild's own: tsx starts it to compile a
 * TS module the first time (the loader's).
 */
const LOADER_THREAD = /[\\/]node_modules[\\/]esbuild[\\/]lib[\\/]main\.js/

/** A nested Worker throws, as for a bad path. */
const RefusedWorker = function Worker(filename: unknown, ...rest: unknown[]) {
  if (calledFrom((site) => LOADER_THREAD.test(site.getFileName() ?? ''), 16))
    return new RealWorker(filename as string, ...(rest as [workerThreads.WorkerOptions?]))
  spawned(`started a worker thread (new Worker ${quote(String(filename))})`)
  throw Object.assign(new Error(`new Worker EPERM (${WHY})`), { code: 'EPERM', errno: -1, syscall: 'new Worker' })
}
RefusedWorker.prototype = workerThreads.Worker.prototype

/** Made once each: a run's install only swaps. */
const wrappers = new WeakMap<Fn, Fn>()
function describedOnce(api: string, original: Fn, command: (args: unknown[]) => string): Fn {
  let wrapper = wrappers.get(original)
  if (wrapper === undefined) {
    wrapper = described(api, original, command)
    wrappers.set(original, wrapper)
  }
  return wrapper
}

function patchAll(): { undo(): void } {
  const patches: Patch[] = []
  const cp = childProcess as unknown as Record<string, Fn>
  const patch = (target: object, key: string, value: unknown, what: string) =>
    patches.push(patchProperty(target as Record<string, unknown>, key, value, `${what} (spawn guard)`))
  const describe = (target: Record<string, Fn>, key: string, api: string, command: (args: unknown[]) => string) => {
    if (typeof target[key] === 'function')
      patch(target, key, describedOnce(api, target[key], command), api.includes('.') ? api : `child_process.${api}`)
  }
  try {
    patch(ChildProcess.prototype, 'spawn', spawnMethod, 'ChildProcess.prototype.spawn')
    describe(cp, 'spawn', 'spawn', fileAndArgs)
    describe(cp, 'execFile', 'execFile', fileAndArgs)
    describe(cp, 'exec', 'exec', (a) => String(a[0]))
    describe(cp, 'fork', 'fork', fileAndArgs)
    describe(cluster as unknown as Record<string, Fn>, 'fork', 'cluster.fork', () =>
      String(cluster.settings?.exec ?? process.argv[1]),
    )
    patch(cp, 'spawnSync', spawnSync, 'child_process.spawnSync')
    patch(cp, 'execFileSync', execFileSync, 'child_process.execFileSync')
    patch(cp, 'execSync', execSync, 'child_process.execSync')
    patch(workerThreads, 'Worker', RefusedWorker, 'worker_threads.Worker')
    // Its prototype's constructor is the real one.
    patch(workerThreads.Worker.prototype, 'constructor', RefusedWorker, 'worker_threads.Worker.prototype.constructor')
    // Beneath child_process: its handles, which
    // process.binding hands to anyone.
    const handles = spawnHandles()
    if (handles) {
      patch(handles.sync, 'spawn', bindingSpawnSync, "process.binding('spawn_sync').spawn")
      patch(handles.process, 'spawn', bindingSpawn, "process.binding('process_wrap').Process#spawn")
    }
    syncBuiltinExports()
  } catch (e) {
    undoAll(patches)
    syncBuiltinExports()
    throw e
  }
  return {
    undo() {
      try {
        undoAll(patches)
      } finally {
        syncBuiltinExports()
      }
    },
  }
}

/** libuv's EPERM, as a handle returns it. */
const UV_EPERM = -os.constants.errno.EPERM

/** The command a handle was asked to run. */
function handleCommand(options: unknown): string {
  const o = options as { file?: unknown; args?: unknown } | null | undefined
  const args = strings(o?.args)
  return args.join(' ') || String(o?.file)
}

/** spawn_sync's spawn: refused as the OS would. */
function bindingSpawnSync(options: unknown) {
  spawned(`spawned a child process (process.binding('spawn_sync') ${quote(handleCommand(options))})`)
  return { pid: 0, output: null, status: null, signal: null, error: UV_EPERM }
}

/** A Process handle's spawn: EPERM, no child. */
function bindingSpawn(options: unknown): number {
  spawned(`spawned a child process (process.binding('process_wrap') ${quote(handleCommand(options))})`)
  return UV_EPERM
}

type Handles = { readonly sync: object; readonly process: object }
let handles: Handles | null | undefined

/** Node's spawn handles; null where out of reach. */
function spawnHandles(): Handles | null {
  if (handles !== undefined) return handles
  try {
    const binding = (process as unknown as { binding(name: string): Record<string, { prototype: object }> }).binding
    handles = { sync: binding('spawn_sync'), process: binding('process_wrap').Process!.prototype }
  } catch {
    handles = null // no process.binding: none to guard
  }
  return handles
}

/**
 * The child as after a failed spawn: no pid,
 * empty stdio, 'error' (if anyone listens, so
 * the refusal is one finding) then 'close'.
 */
function refuseChild(child: ChildProcess, file: string, args: string[], stdio: unknown): void {
  const modes = typeof stdio === 'string' ? [stdio, stdio, stdio] : Array.isArray(stdio) ? stdio : []
  const piped = (i: number) =>
    modes[i] === undefined || modes[i] === null || modes[i] === 'pipe' || modes[i] === 'overlapped'
  const ended = () => {
    const r = new Readable({ read() {} })
    r.push(null)
    return r
  }
  const c = child as unknown as Record<string, unknown>
  c.spawnfile = file
  c.spawnargs = args
  c.stdin = piped(0) ? new Writable({ write: (_chunk, _enc, done) => done() }) : null
  c.stdout = piped(1) ? ended() : null
  c.stderr = piped(2) ? ended() : null
  c.stdio = [c.stdin, c.stdout, c.stderr]
  if (modes.includes('ipc')) {
    c.connected = false
    c.send = (...a: unknown[]) => {
      const callback = a.findLast((x) => typeof x === 'function') as ((e: Error) => void) | undefined
      const error = Object.assign(new Error('Channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' })
      if (callback) process.nextTick(callback, error)
      return false
    }
    c.disconnect = () => {}
  }
  const error = refusal(`spawn ${file}`, file, args.slice(1))
  process.nextTick(() => {
    c.exitCode = -1
    if (child.listenerCount('error') > 0) child.emit('error', error)
    child.emit('close', -1, null)
  })
}
