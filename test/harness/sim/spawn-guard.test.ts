// Every way to start a process or a thread is
// refused while the guard is on: each call fails
// as Node's own does for EPERM, the listener hears
// what was tried, and no child ever runs (each
// would write a marker file first).
import childProcess, { ChildProcess } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { constants } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import workerThreads from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import { executorFault } from '../../../harness/judge/executor-fault.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { installSpawnGuard, type SpawnGuard } from '../../../harness/sim/spawn-guard.ts'
import spawnsNetworkChild, { seen } from '../../fixtures/hostile/spawns-network-child.ts'
import nestedWorker, { seen as workerSeen } from '../../fixtures/hostile/nested-worker-fetch.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

type Binding = (name: string) => Record<string, unknown>
const binding = (process as unknown as { binding: Binding }).binding
/** Node's handles beneath child_process. */
const syncHandle = binding('spawn_sync') as { spawn(o: object): { pid: number; error?: number } }
const { Process } = binding('process_wrap') as { Process: new () => { spawn(o: object): number } }

const originals = {
  spawn: childProcess.spawn,
  spawnSync: childProcess.spawnSync,
  exec: childProcess.exec,
  execSync: childProcess.execSync,
  execFile: childProcess.execFile,
  execFileSync: childProcess.execFileSync,
  fork: childProcess.fork,
  method: (ChildProcess.prototype as unknown as Record<string, unknown>).spawn,
  Worker: workerThreads.Worker,
  workerConstructor: workerThreads.Worker.prototype.constructor,
  clusterFork: cluster.fork,
  syncHandle: syncHandle.spawn,
  processHandle: Process.prototype.spawn,
}

/** A handle's options: node writing the marker. */
const handleOptions = (marker: string) => ({
  file: process.execPath,
  args: [process.execPath, '-e', leaves(marker)],
  envPairs: [],
  stdio: [{ type: 'ignore' }, { type: 'ignore' }, { type: 'ignore' }],
})

/** Node code that leaves a marker file if it ever runs. */
const leaves = (marker: string) => `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`

function settled(child: ChildProcess): Promise<{ error: NodeJS.ErrnoException | null; close: unknown[] }> {
  return new Promise((resolve) => {
    let error: NodeJS.ErrnoException | null = null
    child.on('error', (e) => (error = e))
    child.on('close', (...close) => resolve({ error, close }))
  })
}

describe('spawn guard', () => {
  let heard: string[]
  let guard: SpawnGuard
  let marker: string
  beforeEach(() => {
    heard = []
    marker = join(scratchDir('spawn-guard'), 'ran')
    guard = installSpawnGuard((what) => heard.push(what))
  })
  afterEach(() => {
    guard.undo()
    expect(existsSync(marker)).toBe(false) // no child ever ran
  })

  it('refuses the sync family: spawnSync answers EPERM, execSync and execFileSync throw it', () => {
    const result = childProcess.spawnSync(process.execPath, ['-e', leaves(marker)])
    expect(result).toMatchObject({ pid: 0, status: null, signal: null, stdout: null })
    expect(result.error).toMatchObject({ code: 'EPERM', syscall: `spawnSync ${process.execPath}` })
    expect(() => childProcess.execSync('sleep 100')).toThrow(
      expect.objectContaining({ code: 'EPERM', syscall: 'spawnSync /bin/sh', spawnargs: ['-c', 'sleep 100'] }),
    )
    expect(() => childProcess.execFileSync(process.execPath, ['-e', leaves(marker)])).toThrow(
      expect.objectContaining({ code: 'EPERM', status: null }),
    )
    expect(heard).toEqual([
      // Cut to one short line.
      expect.stringMatching(/^spawned a child process \(spawnSync "\/.+\.\.\."\)$/),
      'spawned a child process (execSync "sleep 100")',
      expect.stringMatching(/^spawned a child process \(execFileSync ".*"\)$/),
    ])
  })

  it('refuses the async family: no pid, an EPERM error event, then close', async () => {
    const child = childProcess.spawn(process.execPath, ['-e', leaves(marker)])
    expect(child.pid).toBeUndefined()
    const { error, close } = await settled(child)
    expect(error).toMatchObject({ code: 'EPERM', syscall: `spawn ${process.execPath}` })
    expect(close).toEqual([-1, null])
    // Its stdio is there, and empty.
    expect(await child.stdout!.toArray()).toEqual([])

    const execError = await new Promise((r) => childProcess.exec('sleep 100', (e) => r(e)))
    expect(execError).toMatchObject({ code: 'EPERM' })
    await expect(promisify(childProcess.exec)('sleep 100')).rejects.toMatchObject({ code: 'EPERM' })
    const fileError = await new Promise((r) => childProcess.execFile('sleep', ['100'], (e) => r(e)))
    expect(fileError).toMatchObject({ code: 'EPERM' })
    const forked = childProcess.fork(join(import.meta.dirname, 'no-such-module.js'))
    expect(forked.send('x')).toBe(false)
    expect((await settled(forked)).error).toMatchObject({ code: 'EPERM' })
    // Detached and unref'd changes nothing.
    const detached = childProcess.spawn('sleep', ['100'], { detached: true, stdio: 'ignore' })
    detached.unref()
    expect((await settled(detached)).error).toMatchObject({ code: 'EPERM' })

    expect(heard).toEqual([
      expect.stringMatching(/^spawned a child process \(spawn ".*"\)$/),
      'spawned a child process (exec "sleep 100")',
      'spawned a child process (exec "sleep 100")',
      'spawned a child process (execFile "sleep 100")',
      expect.stringMatching(/^spawned a child process \(fork ".*no-such-module\.js"\)$/),
      'spawned a child process (spawn "sleep 100")',
    ])
  })

  it('refuses cluster.fork (through child_process.fork) and a nested Worker', async () => {
    const worker = cluster.fork()
    const error = await new Promise((r) => worker.on('error', r))
    expect(error).toMatchObject({ code: 'EPERM' })
    expect(() => new workerThreads.Worker(leaves(marker), { eval: true })).toThrow(
      expect.objectContaining({ code: 'EPERM', syscall: 'new Worker' }),
    )
    // The real class through its prototype, and
    // a stack that only reads as esbuild's.
    const Constructor = workerThreads.Worker.prototype.constructor as typeof workerThreads.Worker
    expect(() => new Constructor(leaves(marker), { eval: true })).toThrow(expect.objectContaining({ code: 'EPERM' }))
    const prepare = Error.prepareStackTrace
    Error.prepareStackTrace = () => '/x/node_modules/esbuild/lib/main.js'
    try {
      expect(() => new workerThreads.Worker(leaves(marker), { eval: true })).toThrow(
        expect.objectContaining({ code: 'EPERM' }),
      )
    } finally {
      Error.prepareStackTrace = prepare
    }
    expect(heard).toEqual([
      expect.stringMatching(/^spawned a child process \(cluster\.fork ".+"\)$/),
      ...Array.from({ length: 3 }, () => expect.stringMatching(/^started a worker thread \(new Worker "require.*"\)$/)),
    ])
  })

  it("refuses the handles beneath child_process (process.binding's spawn_sync and process_wrap): EPERM", () => {
    const result = syncHandle.spawn(handleOptions(marker))
    expect(result).toMatchObject({ pid: 0, error: -constants.errno.EPERM })
    expect(new Process().spawn(handleOptions(marker))).toBe(-constants.errno.EPERM)
    expect(heard).toEqual([
      expect.stringMatching(/^spawned a child process \(process\.binding\('spawn_sync'\) "\/.+\.\.\."\)$/),
      expect.stringMatching(/^spawned a child process \(process\.binding\('process_wrap'\) "\/.+\.\.\."\)$/),
    ])
  })

  it('is undone with the last guard: every original back', () => {
    const inner = installSpawnGuard(() => heard.push('inner'))
    expect(() => childProcess.execSync('true')).toThrow()
    inner.undo()
    expect(() => childProcess.execSync('true')).toThrow()
    expect(heard).toEqual(['inner', 'spawned a child process (execSync "true")'])
    guard.undo()
    expect({
      spawn: childProcess.spawn,
      spawnSync: childProcess.spawnSync,
      exec: childProcess.exec,
      execSync: childProcess.execSync,
      execFile: childProcess.execFile,
      execFileSync: childProcess.execFileSync,
      fork: childProcess.fork,
      method: (ChildProcess.prototype as unknown as Record<string, unknown>).spawn,
      Worker: workerThreads.Worker,
      workerConstructor: workerThreads.Worker.prototype.constructor,
      clusterFork: cluster.fork,
      syncHandle: syncHandle.spawn,
      processHandle: Process.prototype.spawn,
    }).toEqual(originals)
  })
})

describe('spawn guard in a run', () => {
  it('a child process is a spawned-process finding on its call, and the child never runs', async () => {
    const marker = join(scratchDir('spawn-guard-run'), 'ran')
    process.env.FAULTLINE_TEST_MARKER = marker
    seen.length = 0
    try {
      const { history } = await runScenario(
        refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
        spawnsNetworkChild,
      )
      const faults = eventsOf(history, 'executor-fault')
      expect(faults.map((e) => [e.problem, e.call])).toEqual([['spawned-process', 'run-7/s1']])
      expect(executorFault(history)[0]!.message).toMatch(
        /^run-7\/s1: executor spawned-process: spawned a child process \(spawn ".*"\): a run may not start processes or threads; their network, effects and time cannot be watched$/,
      )
      expect(seen).toEqual(['error EPERM', 'close -1'])
      expect(existsSync(marker)).toBe(false)
    } finally {
      delete process.env.FAULTLINE_TEST_MARKER
    }
    // The run's guard is gone with it.
    expect(childProcess.spawn).toBe(originals.spawn)
  })

  it('a nested Worker throws EPERM and is the finding', async () => {
    workerSeen.length = 0
    const { history } = await runScenario(
      refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
      nestedWorker,
    )
    expect(workerSeen).toEqual(['threw EPERM'])
    expect(eventsOf(history, 'executor-fault').map((e) => [e.problem, e.call, e.message])).toEqual([
      [
        'spawned-process',
        'run-7/s1',
        `started a worker thread (new Worker "fetch('http://example.com').then((r) => r.text())")`,
      ],
    ])
    expect(workerThreads.Worker).toBe(originals.Worker)
  })
})
