// A run worker: the only thread where an executor under test runs. It loads
// executor modules, runs one scenario at a time (harness/run/runner.ts) and
// writes each history event to the run's journal (shared memory) as it is
// recorded, so that if the executor ends, blocks or exhausts this thread, the
// supervisor still knows what happened up to that point. It never judges.
import { getHeapSpaceStatistics } from 'node:v8'
import { parentPort, workerData } from 'node:worker_threads'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { isExecutor } from '../contract/validate.ts'
import type { HistoryEvent } from '../history/history.ts'
import { runScenario } from '../run/runner.ts'
import { executorName } from '../run/executor-name.ts'
import { World } from '../run/world.ts'
import { currentContext } from '../sim/attribution.ts'
import { installNetworkGuard } from '../sim/network-guard.ts'
import { trackNativeWork } from '../sim/native-work.ts'
import { startInterception } from '../sim/network.ts'
import type { ExecutorRef } from './executor-ref.ts'
import type { FromWorker, ToWorker } from './protocol.ts'
import { JournalWriter } from './journal.ts'
import { holdLeftoverTimers } from './leftover-timers.ts'
import { missingPackage, missingPackageProblem } from './missing-package.ts'

const port = parentPort!
const { memoryMb, journal: journalBuffer } = workerData as { memoryMb: number; journal: SharedArrayBuffer }
const post = (m: FromWorker) => port.postMessage(m)
const realSetImmediate = globalThis.setImmediate

// 1. An executor that ends its process ends this worker — after saying how, so the
//    supervisor can report it. (process.abort() is not even allowed in a worker.)
const realExit = process.exit.bind(process)
let exiting = false
function endWorker(how: string, code: number): never {
  if (!exiting) {
    exiting = true
    post({ type: 'exiting', how })
  }
  return realExit(code)
}
process.exit = ((code?: number | string | null) => endWorker(`process.exit(${code ?? ''})`, typeof code === 'number' ? code : 0)) as typeof process.exit
process.abort = (() => endWorker('process.abort()', 134)) as typeof process.abort
process.kill = ((pid: number, signal?: string | number) => {
  if (pid === process.pid || pid === 0 || pid === -process.pid) return endWorker(`process.kill(${pid}${signal === undefined ? '' : `, ${JSON.stringify(signal)}`})`, 1)
  throw Object.assign(new Error(`kill EPERM (faultline: a run may not signal other processes)`), { code: 'EPERM', errno: -1, syscall: 'kill' })
}) as typeof process.kill

// 2. What the executor throws where nobody catches it belongs to the run in progress;
//    outside a run nothing can be attributed, so the worker is replaced: at once, or — when
//    a finished run's code threw (its async context says so; a throw is reported in the
//    thrower's context, a rejection is not) — once it is idle, so that no run it may
//    already have been handed dies of it. (During a run, a throw is the run's: code of an
//    earlier run cannot be told from the run's own code reached through a resource that
//    an earlier run created, such as a module-level MessageChannel.)
let leftoverThrew: string | null = null
function uncaught(what: string, inThrowersContext: boolean) {
  return (error: unknown) => {
    const world = World.active()
    if (world) world.reportUncaught(error, what)
    else if (inThrowersContext && currentContext() !== null) leftoverThrew ??= `a finished run's leftover threw (${oneLine(error)})`
    else endWorker(`${what} between runs`, 1)
  }
}
process.on('uncaughtException', uncaught('an uncaught exception', true))
process.on('unhandledRejection', uncaught('an unhandled rejection', false))

// 3. Nothing leaves the machine from this thread, also while a module loads; HTTP is intercepted for good.
installNetworkGuard(() => {})
startInterception()
// A finished run's leftovers (an SDK's retry of a request the run's end cut off) arm no real
// timer: theirs are held, and fired at once after the run, before the next one starts.
const leftovers = holdLeftoverTimers(() => {
  const work = currentContext()
  return work !== null && !World.owns(work)
})
/** Firings a finished run's leftovers get to end in; past them, the worker is replaced. */
const LEFTOVER_FIRINGS = 200

// 4. Executors, loaded once each.
const loaded = new Map<string, Promise<Executor>>()
function load(ref: ExecutorRef): Promise<Executor> {
  const key = ref.kind === 'bundled' ? `bundled:${ref.name}` : ref.kind === 'module' ? `module:${ref.path}` : `factory:${ref.path}#${ref.export}:${JSON.stringify(ref.argument)}`
  let p = loaded.get(key)
  if (!p) {
    p = importExecutor(ref)
    loaded.set(key, p)
  }
  return p
}

async function importExecutor(ref: ExecutorRef): Promise<Executor> {
  if (ref.kind === 'bundled') {
    try {
      return ((await import(pathToFileURL(ref.path).href)) as Record<string, Executor>)[ref.export]!
    } catch (e) {
      throw new Error(`cannot load executor module ${ref.name}: ${loadProblem(e)}`) // the correct zoo without its SDK
    }
  }
  if (ref.kind === 'factory') return buildExecutor(ref)
  let mod: Record<string, unknown>
  try {
    // tsx loads .ts, .mts, .js, .mjs and .cjs alike, as ESM or CommonJS, whatever the package says.
    mod = (await tsImport(pathToFileURL(ref.path).href, import.meta.url)) as Record<string, unknown>
  } catch (e) {
    throw new Error(`cannot load executor module ${ref.spec}: ${loadProblem(e)}`)
  }
  // A CommonJS module (or TypeScript compiled as one) arrives as { default: module.exports }.
  const inner = (typeof mod.default === 'object' && mod.default !== null ? mod.default : {}) as Record<string, unknown>
  const candidates = [mod.default, mod.executor, inner.default, inner.executor, ...Object.values(mod), ...Object.values(inner)]
  const found = candidates.find(isExecutor)
  if (!found) throw new Error(`${ref.spec} exports no Executor: export default (or export const executor =) an object with a string "name" and a "boot(ctx)" function`)
  return found
}

/** A factory's executor; what the factory throws (its own one-line reason) is the load failure. */
async function buildExecutor(ref: Extract<ExecutorRef, { kind: 'factory' }>): Promise<Executor> {
  const mod = (await tsImport(pathToFileURL(ref.path).href, import.meta.url)) as Record<string, unknown>
  const make = mod[ref.export]
  if (typeof make !== 'function') throw new Error(`${ref.label}: ${ref.path} exports no function ${ref.export}`)
  const made: unknown = await (make as (argument: unknown) => unknown)(ref.argument)
  if (!isExecutor(made)) throw new Error(`${ref.label}: ${ref.export}() built no Executor`)
  return made
}

/** Why a module did not load, in one line — for a syntax error, with its file, line and column; for a missing package, how to install it. */
function loadProblem(e: unknown): string {
  const missing = missingPackage(e)
  if (missing) return missingPackageProblem(missing)
  const located = (e as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] } | null)?.errors?.[0]
  if (located?.location) return `syntax error at ${located.location.file}:${located.location.line}:${located.location.column}: ${located.text}`
  const text = e instanceof Error ? e.message : ''
  const line = text.split('\n').find((l) => /:\d+:\d+: ERROR: /.test(l))
  if (line) return `syntax error at ${line.replace(': ERROR:', ':')}`
  // A plain Error says enough by its message; another class's name is part of the news (TypeError, …).
  return e instanceof Error && e.name === 'Error' ? (e.message.split('\n')[0] ?? '') : oneLine(e)
}

// 5. Events go into the journal the moment they are recorded (shared memory the supervisor
//    reads even if this thread blocks or dies); what does not fit goes by message, in order.
const journal = new JournalWriter(journalBuffer)
function sink(task: number) {
  journal.begin(task)
  return (event: HistoryEvent) => {
    if (!journal.append(event)) post({ type: 'events', task, events: [event] })
  }
}

// 6. What an idle worker has running: a run that leaves more behind gets its worker replaced.
//    A worker is not replaced on a schedule: its heap stays flat over 12,000 runs, and a
//    fresh worker runs ~25 % slower for its first ~2,000 runs while V8 optimises it again.
let baseline: Map<string, number> | null = null
function resources(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const r of process.getActiveResourcesInfo()) counts.set(r, (counts.get(r) ?? 0) + 1)
  return counts
}
/** What the memory budget limits: the heap outside the young generation (whose size is fixed, see spawn.ts). */
function oldGenerationBytes(): number {
  let bytes = 0
  for (const space of getHeapSpaceStatistics()) if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') bytes += space.space_used_size
  return bytes
}
function recycleReason(): string | null {
  if (leftoverThrew !== null) return leftoverThrew
  const heapMb = oldGenerationBytes() / 2 ** 20
  if (heapMb > memoryMb * 0.5) return `its heap grew to ${Math.round(heapMb)} MB`
  baseline ??= resources()
  for (const [what, n] of resources()) if (n > (baseline.get(what) ?? 0)) return `the run left ${what} behind`
  return null
}

port.on('message', (m: ToWorker) => {
  void handle(m).catch((e: unknown) => post({ type: 'harness-error', task: m.task, message: oneLine(e) }))
})

async function handle(m: ToWorker): Promise<void> {
  let executor: Executor
  try {
    executor = await load(m.executor)
  } catch (e) {
    post({ type: 'load-failed', task: m.task, message: e instanceof Error ? e.message.split('\n')[0]! : oneLine(e) })
    return
  }
  if (m.type === 'load') {
    post({ type: 'loaded', task: m.task, name: executorName(executor) })
    // Measured once the executor's module is in: what it keeps running from its top level is its baseline.
    await new Promise((r) => realSetImmediate(r))
    baseline ??= resources()
    return
  }
  // Watched past the run's end: what its leftovers start on the thread pool (zlib, crypto) is waited for too.
  const work = trackNativeWork()
  try {
    const result = await runScenario(m.scenario, executor, { sink: sink(m.task), maxEvents: m.maxEvents, listenForUncaught: false, nativeWork: work })
    post({ type: 'done', task: m.task, realMs: result.realMs })
    // The run is judged on what it recorded; now let what it left behind end, or show itself, before
    // counting it. What a leftover does here (throw, exit, block) costs this worker, never the run a finding.
    const ended = await leftovers.drain(LEFTOVER_FIRINGS, () => work.pending() > 0)
    post({ type: 'idle', task: m.task, recycle: ended ? recycleReason() : `the run's leftovers still armed timers after ${LEFTOVER_FIRINGS} firings` })
  } finally {
    work.stop()
  }
}
