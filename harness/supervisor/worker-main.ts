// A run worker: the only thread an executor runs in.
// Each event is journalled as recorded, so the
// supervisor knows it even if the thread dies.
// Longer than most because it is the worker's
// whole life, in seven steps, each a guard.
import { randomFillSync } from 'node:crypto'
import { getHeapSpaceStatistics } from 'node:v8'
import workerThreads, { workerData } from 'node:worker_threads'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { attempt } from '../contract/safe-read.ts'
import { isExecutor } from '../contract/validate.ts'
import type { HistoryEvent } from '../history/history.ts'
import { runScenario } from '../run/runner.ts'
import { readDeclaration } from '../run/executor-declaration.ts'
import { executorName } from '../run/executor-name.ts'
import { World } from '../run/world.ts'
import { currentContext } from '../sim/attribution.ts'
import { forwardBuiltinExports } from '../sim/esm-sync.ts'
import { installNetworkGuard } from '../sim/network-guard.ts'
import { trackNativeWork } from '../sim/native-work.ts'
import { builtinsLeftPolluted, retakeBuiltins } from '../sim/intrinsics.ts'
import { startInterception } from '../sim/network.ts'
import { guardUncaught } from '../sim/uncaught-guard.ts'
import { installSpawnGuard } from '../sim/spawn-guard.ts'
import { installWriteGuard } from '../sim/write-guard.ts'
import { builtPath, type CheckoutBuild } from './checkout-build.mjs'
import type { ExecutorRef } from './executor-ref.ts'
import { importExecutorFile } from './executor-import.ts'
import { copiesNeeded } from './process-copies.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { FromWorker, ToWorker } from './protocol.ts'
import { JournalWriter } from './journal.ts'
import { SEAL_BYTES, writeFrame } from './frames.ts'
import { type KeptBinding, keptBinding } from './kept-binding.ts'
import { openInbox } from './worker-inbox.ts'
import { outputRelayed } from './output-relayed.ts'
import { holdLeftoverTimers } from './leftover-timers.ts'
import { refuseInspector } from './inspector-refusal.ts'
import { ruleSignals } from './signal-rule.ts'
import { loadProblem } from './load-problem.ts'

type Pipes = { supervisor: number; runs: number; results: number; host: number }
type Data = { memoryMb: number; journal: SharedArrayBuffer; build?: CheckoutBuild | null; pipes: Pipes }
const { memoryMb, journal: journalBuffer, build = null, pipes } = workerData as Data
// The journal is the run's history: out of the
// executor's reach, or it rewrites its own lies
// (ESM sees it with forwardBuiltinExports' sync).
;(workerThreads as { workerData: unknown }).workerData = null
// Each frame leads with a seal, named in the
// first, before any executor code: a frame it
// writes lacks it (bytes, never a string: a
// heap snapshot shows strings).
const seal = randomFillSync(new Uint8Array(SEAL_BYTES))
writeFrame(pipes.results, { type: 'seal' }, seal)
// Whole before it returns (frames.ts); a pipe
// closed under it, or fs's binding frozen (kept
// in 3.: kept-binding.ts), ends it.
let channel: KeptBinding | null = null
function post(m: FromWorker): void {
  try {
    if (channel && !channel.restore()) realExit(1)
    writeFrame(pipes.results, m, seal)
  } catch {
    realExit(1)
  }
}
const realSetImmediate = globalThis.setImmediate

// 1. An executor ending its process ends the worker,
//    after saying how (abort() isn't allowed here).
const realExit = process.exit.bind(process)
let exiting = false
/** A finished run's result, not yet sent. */
let unsent: FromWorker | null = null
function endWorker(how: string, code: number): never {
  if (!exiting) {
    exiting = true
    if (unsent) post(unsent)
    post({ type: 'exiting', how })
  }
  return realExit(code)
}
process.exit = ((code?: number | string | null) =>
  endWorker(`process.exit(${code ?? ''})`, typeof code === 'number' ? code : 0)) as typeof process.exit
process.abort = (() => endWorker('process.abort()', 134)) as typeof process.abort
ruleSignals(endWorker)

// 2. An uncaught throw is the running run's. Between
//    runs the worker is replaced: at once, or once
//    idle if a finished run's code threw.
let leftoverThrew: string | null = null
function uncaught(what: string, inThrowersContext: boolean) {
  return (error: unknown) => {
    const world = World.active()
    if (world) world.reportUncaught(error, what)
    else if (inThrowersContext && currentContext() !== null)
      leftoverThrew ??= `a finished run's leftover threw (${oneLine(error)})`
    else endWorker(`${what} between runs`, 1)
  }
}
// First and for good: a capture callback or
// removed listener hides nothing (uncaught-guard.ts).
guardUncaught({
  exception: uncaught('an uncaught exception', true),
  rejection: uncaught('an unhandled rejection', false),
  removed: (what) => World.active()?.reportTampered(`removed ${what}`),
})

// 3. The thread is ours: ESM imports of the
//    builtins runs patch forward to them, with
//    no sweep per run (esm-sync.ts).
// No debugger on the host's thread or this one;
// first, so ESM sees it in forwarding's sweep.
refuseInspector()
forwardBuiltinExports()
// Nothing leaves the machine, even while loading.
installNetworkGuard(() => {})
// Nor a process or thread (one started while
// loading fails the load); writes seen in runs.
const loadSpawns: string[] = []
installSpawnGuard((what) => currentContext() === null && loadSpawns.push(what))
installWriteGuard(
  () => {},
  () => false,
)
channel = keptBinding(['read', 'writeBuffer']) // as guarded
startInterception()
// A finished run's leftovers arm no real timer: held,
// then fired after the run (leftover-timers.ts).
const leftovers = holdLeftoverTimers(() => {
  const work = currentContext()
  return work !== null && !World.owns(work)
})
/** Firings leftovers get; past them, a new worker. */
const LEFTOVER_FIRINGS = 200

// 4. Executors, loaded once each.
const loaded = new Map<string, Promise<Executor>>()
function keyOf(ref: ExecutorRef): string {
  return ref.kind === 'bundled'
    ? `bundled:${ref.name}`
    : ref.kind === 'module'
      ? `module:${ref.path}`
      : `factory:${ref.path}#${ref.export}:${JSON.stringify(ref.argument)}`
}
function load(ref: ExecutorRef): Promise<Executor> {
  const key = keyOf(ref)
  let p = loaded.get(key)
  if (!p) {
    p = importExecutor(ref).then(
      (executor) => (refuseLoadSpawns(ref), executor),
      (e: unknown) => (refuseLoadSpawns(ref), Promise.reject(e)),
    )
    loaded.set(key, p)
  }
  return p
}

// 4b. Copies for processes after a crash, loaded as
//     runs first need them (process-copies.ts); one
//     that fails to load shares the first's modules.
//     The bundled executors share this worker's
//     harness: never copied.
const copies = new Map<string, (Executor | null)[]>()
async function restartedFrom(ref: ExecutorRef, first: Executor, scenario: Scenario, task: number) {
  if (ref.kind === 'bundled') return undefined
  const needed = copiesNeeded(scenario)
  if (needed === 0) return undefined
  const key = keyOf(ref)
  const have = copies.get(key) ?? []
  copies.set(key, have)
  if (have.length < needed) {
    while (have.length < needed) have.push(await importCopy(ref, have.length + 1, executorName(first)))
    retakeBuiltins() // as after the first load
    await new Promise((r) => realSetImmediate(r))
    baseline = resources()
    // The run's own time starts now.
    post({ type: 'copies-loaded', task })
  }
  // Process 2 boots from copy 1.
  return (generation: number) => have[Math.min(generation - 1, have.length) - 1] ?? first
}

/** A fresh copy of its modules, or null (said once). */
async function importCopy(
  ref: Exclude<ExecutorRef, { kind: 'bundled' }>,
  n: number,
  name: string,
): Promise<Executor | null> {
  try {
    const copy = ref.kind === 'factory' ? await buildExecutor(ref, n) : await importModule(ref, n)
    refuseLoadSpawns(ref)
    // Another executor would be another's verdict.
    const named = executorName(copy)
    if (named !== name) throw new Error(`it exports executor "${named}" this time, not "${name}"`)
    return copy
  } catch (e) {
    loadSpawns.length = 0
    if (n === 1)
      process.stderr.write(
        `faultline: ${ref.kind === 'module' ? ref.spec : ref.label} did not load a second time (${loadProblem(e)}): after a crash, its next process shares the dead one's module state\n`,
      )
    return null
  }
}

/** A process or thread started while loading: refused, and the load fails. */
function refuseLoadSpawns(ref: ExecutorRef): void {
  const spawned = loadSpawns.splice(0)[0]
  if (spawned === undefined) return
  const label = ref.kind === 'bundled' ? ref.name : ref.kind === 'module' ? ref.spec : ref.label
  throw new Error(
    `cannot load executor ${label}: it ${spawned} while loading; an executor may not start processes or threads (their network, effects and time cannot be watched)`,
  )
}

async function importExecutor(ref: ExecutorRef): Promise<Executor> {
  if (ref.kind === 'bundled') {
    try {
      // As built, it shares this worker's harness.
      const url = pathToFileURL(builtPath(build, ref.path)).href
      const mod = build && url.endsWith('.ts') ? tsImport(url, import.meta.url) : import(url)
      return ((await mod) as Record<string, Executor>)[ref.export]!
    } catch (e) {
      throw new Error(`cannot load executor module ${ref.name}: ${loadProblem(e)}`) // the correct zoo without its SDK
    }
  }
  if (ref.kind === 'factory') return buildExecutor(ref)
  return importModule(ref)
}

async function importModule(ref: Extract<ExecutorRef, { kind: 'module' }>, n = 0): Promise<Executor> {
  let mod: Record<string, unknown>
  try {
    // tsx loads .ts/.mts/.js/.mjs/.cjs, ESM or CommonJS.
    mod = await importExecutorFile(keyOf(ref), ref.path, n)
  } catch (e) {
    throw new Error(`cannot load executor module ${ref.spec}: ${loadProblem(e)}`)
  }
  // CommonJS arrives as { default: module.exports }.
  const inner = (typeof mod.default === 'object' && mod.default !== null ? mod.default : {}) as Record<string, unknown>
  // An export whose traps throw is no Executor.
  const candidates = attempt(
    () => [mod.default, mod.executor, inner.default, inner.executor, ...Object.values(mod), ...Object.values(inner)],
    [mod.default, mod.executor, ...Object.values(mod)],
  )
  const found = candidates.find(isExecutor)
  if (!found)
    throw new Error(
      `${ref.spec} exports no Executor: export default (or export const executor =) an object with a string "name" and a "boot(ctx)" function`,
    )
  return found
}

/** A factory's executor; its throw is the load failure. */
async function buildExecutor(ref: Extract<ExecutorRef, { kind: 'factory' }>, n = 0): Promise<Executor> {
  const mod = await importExecutorFile(keyOf(ref), ref.path, n)
  const make = mod[ref.export]
  if (typeof make !== 'function') throw new Error(`${ref.label}: ${ref.path} exports no function ${ref.export}`)
  const made: unknown = await (make as (argument: unknown) => unknown)(ref.argument)
  if (!isExecutor(made)) throw new Error(`${ref.label}: ${ref.export}() built no Executor`)
  return made
}

// 5. Events go to the journal as recorded; what
//    does not fit goes by message, in order.
const journal = new JournalWriter(journalBuffer)
function sink(task: number) {
  journal.begin(task)
  return (event: HistoryEvent) => {
    if (!journal.append(event)) post({ type: 'events', task, events: [event] })
  }
}

// 6. A run leaving things running costs the worker.
//    No schedule: the heap stays flat over 12,000
//    runs; a fresh worker is ~25 % slower for ~2,000.
let baseline: Map<string, number> | null = null
function resources(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const r of process.getActiveResourcesInfo()) counts.set(r, (counts.get(r) ?? 0) + 1)
  return counts
}
/** The heap the budget limits: all but the young gen. */
function oldGenerationBytes(): number {
  let bytes = 0
  for (const space of getHeapSpaceStatistics())
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space')
      bytes += space.space_used_size
  return bytes
}
function recycleReason(): string | null {
  if (leftoverThrew !== null) return leftoverThrew
  const polluted = builtinsLeftPolluted() // for good
  if (polluted !== null) return polluted
  const heapMb = oldGenerationBytes() / 2 ** 20
  if (heapMb > memoryMb * 0.5) return `its heap grew to ${Math.round(heapMb)} MB`
  baseline ??= resources()
  for (const [what, n] of resources()) if (n > (baseline.get(what) ?? 0)) return `the run left ${what} behind`
  return null
}

// 7. Runs by pipe, one at a time; the pipe
//    closed under it ends the worker.
const inbox = openInbox(pipes.runs, {
  later: realSetImmediate,
  restore: () => channel?.restore() ?? true,
  relayed: outputRelayed,
  handle,
  failed: (m, e) => post({ type: 'harness-error', task: m.task, message: oneLine(e) }),
  broken: (e) => endWorker(`the worker's pipe from the harness failed (${oneLine(e)})`, 1),
})

async function handle(m: ToWorker): Promise<void> {
  let executor: Executor
  try {
    executor = await load(m.executor)
  } catch (e) {
    const message = attempt(() => (e instanceof Error ? e.message.split('\n')[0]! : oneLine(e)), oneLine(e))
    post({ type: 'load-failed', task: m.task, message })
    return
  }
  if (m.type === 'load') {
    const declared = await readDeclaration(executor)
    if (typeof declared === 'string') {
      post({ type: 'load-failed', task: m.task, message: `${executorName(executor)}: ${declared}` })
      return
    }
    post({ type: 'loaded', task: m.task, name: executorName(executor), declared })
    retakeBuiltins() // what loading changed is its baseline
    // Baseline: what the module's top level keeps running.
    await new Promise((r) => realSetImmediate(r))
    baseline ??= resources()
    return
  }
  // Watched past the run: leftovers' pool work counts.
  const work = trackNativeWork()
  try {
    const restarted = await restartedFrom(m.executor, executor, m.scenario, m.task)
    const result = await runScenario(m.scenario, executor, {
      ...(restarted && { restarted }),
      sink: sink(m.task),
      maxEvents: m.maxEvents,
      listenForUncaught: false,
      nativeWork: work,
      ownsScenario: true, // decoded from the pipe for this run
    })
    const done: FromWorker = { type: 'done', task: m.task, realMs: result.realMs, journal: journal.text() }
    // Sent by endWorker if a leftover exits first.
    const relayed = outputRelayed()
    if (relayed) await ((unsent = done), relayed)
    unsent = null
    post(done)
    // Judged on what it recorded; leftovers now end,
    // at this worker's cost, never as the run's finding.
    const ended = await leftovers.drain(LEFTOVER_FIRINGS, () => work.pending() > 0)
    // Relayed before read() holds it up; their
    // write callbacks run first, checked after.
    const printed = outputRelayed()
    if (printed) await printed
    const recycle = ended ? recycleReason() : `the run's leftovers still armed timers after ${LEFTOVER_FIRINGS} firings`
    if (recycle !== null) inbox.retire()
    post({ type: 'idle', task: m.task, recycle })
  } finally {
    work.stop()
  }
}
