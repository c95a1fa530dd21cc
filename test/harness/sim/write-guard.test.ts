// Every fs way to change a file is heard while
// the guard is on (the write still happens);
// reads, stdio and /dev/null are not state, and
// code that is not the listener's is not heard.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { executorFault } from '../../../harness/judge/executor-fault.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { installWriteGuard, type WriteGuard } from '../../../harness/sim/write-guard.ts'
import { honest } from '../../fixtures/hostile/honest.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

/** What an executor reaches beneath fs's API. */
interface Binding {
  open(path: string, flags: number, mode: number): number
  writeString(fd: number, text: string, position: null, encoding: string, req: undefined, ctx: object): number
  rename(from: string, to: string): void
  unlink(path: string): void
  mkdtemp(prefix: string, encoding: string): string
}
const fsBinding = () => (process as unknown as { binding(name: string): Binding }).binding('fs')

const originals = {
  bindingOpen: fsBinding().open,
  writeFileSync: fs.writeFileSync,
  open: fs.open,
  promisesOpen: fs.promises.open,
  promisesWriteFile: fs.promises.writeFile,
  createWriteStream: fs.createWriteStream,
}

describe('write guard', () => {
  let heard: [string, string][]
  let guard: WriteGuard
  let dir: string
  let mine: boolean
  beforeEach(() => {
    heard = []
    mine = true
    dir = scratchDir('write-guard')
    guard = installWriteGuard(
      (file, how) => heard.push([file.slice(dir.length + 1), how]),
      () => mine,
    )
  })
  afterEach(() => guard.undo())

  it('hears each sync write, once per call, and lets it happen', () => {
    const f = (name: string) => join(dir, name)
    fs.writeFileSync(f('a'), 'x')
    fs.appendFileSync(f('a'), 'y')
    fs.readFileSync(f('a')) // a read: not heard
    fs.closeSync(fs.openSync(f('a'), 'r'))
    const fd = fs.openSync(f('b'), 'w')
    fs.writeSync(fd, 'z')
    fs.closeSync(fd)
    fs.mkdirSync(f('d/e'), { recursive: true })
    fs.copyFileSync(f('a'), f('c'))
    fs.renameSync(f('c'), f('r'))
    fs.truncateSync(f('r'))
    fs.symlinkSync(f('a'), f('s'))
    fs.utimesSync(f('a'), 1, 1)
    fs.unlinkSync(f('s'))
    fs.rmSync(f('d'), { recursive: true })
    expect(fs.readFileSync(f('a'), 'utf8')).toBe('xy') // written
    expect(heard).toEqual([
      ['a', 'fs.writeFileSync'],
      ['a', 'fs.appendFileSync'],
      ['b', 'fs.openSync'],
      ['b', 'fs.writeSync'],
      ['d/e', 'fs.mkdirSync'],
      ['c', 'fs.copyFileSync'],
      ['c', 'fs.renameSync'],
      ['r', 'fs.renameSync'],
      ['r', 'fs.truncateSync'],
      ['s', 'fs.symlinkSync'],
      ['a', 'fs.utimesSync'],
      ['s', 'fs.unlinkSync'],
      ['d', 'fs.rmSync'],
    ])
  })

  it('hears callback, promise, stream and FileHandle writes', async () => {
    const f = (name: string) => join(dir, name)
    await new Promise((r) => fs.writeFile(f('cb'), 'x', r))
    await fs.promises.appendFile(f('p'), 'x')
    await fs.promises.mkdir(f('pd'))
    const stream = fs.createWriteStream(f('w'))
    await new Promise<void>((r) => stream.end('x', () => r()))
    // A handle opened to read is no write.
    await (await fs.promises.open(f('p'), 'r')).close()
    const handle = await fs.promises.open(f('h'), 'a')
    await handle.write('x')
    await handle.close()
    // Later inner calls may be heard again (a
    // run reports a path once).
    expect(heard).toEqual([
      ['cb', 'fs.writeFile'],
      ['cb', 'fs.write'],
      ['p', 'fs.promises.appendFile'],
      ['p', "process.binding('fs').writeBuffer"], // after an await
      ['pd', 'fs.promises.mkdir'],
      ['w', 'fs.createWriteStream'],
      ['w', 'fs.open'], // the stream opens later, on its own
      ['w', 'fs.write'],
      ['h', 'fs.promises.open'],
      ['h', 'FileHandle.write'],
    ])
  })

  // Node 20's arities: a wrong one aborts.
  it.skipIf(!process.versions.node.startsWith('20.'))(
    "hears writes beneath the API, through process.binding('fs'), not its reads",
    () => {
      const binding = fsBinding()
      const f = (name: string) => join(dir, name)
      const { O_WRONLY, O_CREAT, O_RDONLY } = fs.constants
      const fd = binding.open(f('raw'), O_WRONLY | O_CREAT, 0o644)
      binding.writeString(fd, 'x', null, 'utf8', undefined, {})
      fs.closeSync(fd)
      expect(fs.readFileSync(f('raw'), 'utf8')).toBe('x')
      fs.closeSync(binding.open(f('raw'), O_RDONLY, 0o644))
      binding.rename(f('raw'), f('moved'))
      binding.unlink(f('moved'))
      binding.mkdtemp(f('t-'), 'utf8')
      expect(heard).toEqual([
        ['raw', "process.binding('fs').open"],
        ['raw', "process.binding('fs').writeString"],
        ['raw', "process.binding('fs').rename"],
        ['moved', "process.binding('fs').rename"],
        ['moved', "process.binding('fs').unlink"],
        ['t-XXXXXX', "process.binding('fs').mkdtemp"],
      ])
    },
  )

  it('names a file in a linked directory as its descriptor does: one file, one name', async () => {
    fs.mkdirSync(join(dir, 'real'))
    fs.symlinkSync(join(dir, 'real'), join(dir, 'link'))
    heard = []
    await fs.promises.appendFile(join(dir, 'link', 'log'), 'x')
    expect(heard).toEqual([
      ['real/log', 'fs.promises.appendFile'],
      ['real/log', "process.binding('fs').writeBuffer"], // after an await
    ])
  })

  it('hears a write through a descriptor opened before it, not stdio or /dev/null', () => {
    guard.undo()
    const fd = fs.openSync(join(dir, 'early'), 'a')
    guard = installWriteGuard((file, how) => heard.push([file.slice(dir.length + 1), how]))
    fs.writeSync(fd, 'x')
    fs.closeSync(fd)
    fs.writeFileSync('/dev/null', 'x')
    fs.appendFileSync('/dev/null', 'x')
    fs.writeSync(2, '')
    expect(heard).toEqual([['early', 'fs.writeSync']])
  })

  it("hears nothing of code that is not the listener's", () => {
    mine = false
    fs.writeFileSync(join(dir, 'theirs'), 'x')
    expect(heard).toEqual([])
  })

  it('is undone with the last guard', () => {
    guard.undo()
    expect({
      bindingOpen: fsBinding().open,
      writeFileSync: fs.writeFileSync,
      open: fs.open,
      promisesOpen: fs.promises.open,
      promisesWriteFile: fs.promises.writeFile,
      createWriteStream: fs.createWriteStream,
    }).toEqual(originals)
  })
})

describe('write guard in a run', () => {
  it('a file written is a wrote-files finding on its call, once a path; the harness writes freely', async () => {
    const dir = scratchDir('write-guard-run')
    const log = join(dir, 'intent.log')
    const writer: Executor = {
      name: 'writes-log',
      async boot() {
        fs.mkdirSync(join(dir, 'state'), { recursive: true })
        return {
          async callTool(call) {
            fs.appendFileSync(log, `${call.stepId} started\n`)
            fs.appendFileSync(log, `${call.stepId} done\n`)
            return honest
          },
        }
      },
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), writer)
    const faults = eventsOf(history, 'executor-fault')
    expect(faults.map((e) => [e.problem, e.call, e.message])).toEqual([
      ['wrote-files', null, `wrote ${join(dir, 'state')} (fs.mkdirSync)`],
      ['wrote-files', 'run-7/s1', `wrote ${log} (fs.appendFileSync)`],
    ])
    expect(executorFault(history)[1]!.message).toBe(
      `run-7/s1: executor wrote-files: wrote ${log} (fs.appendFileSync): state outside ctx.storage outlives the run and makes verdicts depend on earlier commands; keep it in ctx.storage`,
    )
    expect(fs.readFileSync(log, 'utf8')).toBe('s1 started\ns1 done\n')
    // Outside the run nothing is heard: the guard is gone.
    expect(fs.writeFileSync).toBe(originals.writeFileSync)
  })

  it("stripe-node's telemetry id, written on its first request at its defaults, is the SDK's, not a finding", async () => {
    // Its CommonJS entry (a require, as tsx may
    // load it) keeps the id; its ESM one does not.
    const Stripe = createRequire(import.meta.url)('stripe') as typeof import('stripe').default
    const dir = scratchDir('stripe-config')
    const home = process.env.XDG_CONFIG_HOME
    process.env.XDG_CONFIG_HOME = dir
    try {
      const stripe = new Stripe('sk_test_x')
      const executor: Executor = {
        name: 'stripe-defaults',
        boot: async () => ({
          callTool: async () => {
            const r = await stripe.refunds.create({ payment_intent: 'pi_1', amount: 4990 })
            return {
              status: 'SUCCEEDED',
              retry_safe: false,
              effect: { type: 'refund', id: r.id },
              action_taken: 'sent',
              message: 'ok',
            }
          },
        }),
      }
      const { history } = await runScenario(refundScenario(), executor)
      expect(fs.readFileSync(join(dir, 'stripe', 'telemetry_id'), 'utf8')).toMatch(/^[0-9a-f]{32}$/)
      expect(eventsOf(history, 'executor-fault')).toEqual([])
      expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    } finally {
      if (home === undefined) delete process.env.XDG_CONFIG_HOME
      else process.env.XDG_CONFIG_HOME = home
    }
  })
})
