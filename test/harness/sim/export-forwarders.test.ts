// A worker's ESM view of the builtins: a run's
// patches and their undo reach ESM imports
// through forwarders, with no sweep per run.
import { randomUUID } from 'node:crypto'
import { Resolver } from 'node:dns'
import { writeFileSync } from 'node:fs'
import { builtinModules, createRequire, syncBuiltinESMExports } from 'node:module'
import { join } from 'node:path'
import * as timersEsm from 'node:timers'
import { setTimeout as timersSetTimeout } from 'node:timers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { World } from '../../../harness/run/world.ts'
import { forwardBuiltinExports, syncBuiltinExports } from '../../../harness/sim/esm-sync.ts'
import { FORWARDED_MODULES } from '../../../harness/sim/export-forwarders.ts'
import { NOTHING_DONE } from '../../support/envelope.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

const require = createRequire(import.meta.url)
const timersCjs = require('node:timers') as typeof import('node:timers')
const dnsCjs = require('node:dns') as typeof import('node:dns')
const fsCjs = require('node:fs') as typeof import('node:fs')
const forwarders = forwardBuiltinExports()

/** Run `work` as the one tool call. */
async function inRun(work: () => Promise<unknown>) {
  let seen: unknown
  const executor: Executor = {
    name: 'esm-importer',
    async boot() {
      return {
        async callTool() {
          seen = await work()
          return NOTHING_DONE
        },
      }
    },
  }
  const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), executor)
  return { seen, history }
}

let dir: string
beforeEach(() => {
  dir = scratchDir('export-forwarders')
})
afterEach(() => syncBuiltinExports())

describe('export forwarders', () => {
  it("a run's clock, randomness and write guard reach ESM imports, and their undo too, with no sweep per run", async () => {
    const sweeps = forwarders.sweeps
    const uuids: unknown[] = []
    for (let i = 0; i < 3; i++) {
      const realStart = performance.now()
      const { seen, history } = await inRun(async () => {
        const start = Date.now()
        await new Promise((resolve) => timersSetTimeout(resolve, 60_000))
        writeFileSync(join(dir, `run-${i}`), 'x')
        return { waited: Date.now() - start, uuid: randomUUID() }
      })
      // A virtual minute, not a real one.
      expect(seen).toMatchObject({ waited: 60_000 })
      expect(performance.now() - realStart).toBeLessThan(20_000)
      uuids.push((seen as { uuid: string }).uuid)
      expect(eventsOf(history, 'executor-fault').map((e) => e.problem)).toContain('wrote-files')
    }
    // Seeded alike in every run; real after.
    expect(new Set(uuids).size).toBe(1)
    expect(randomUUID()).not.toBe(uuids[0])
    await new Promise((resolve) => timersSetTimeout(resolve, 5))
    expect(forwarders.sweeps).toBe(sweeps)
  })

  it("puts the forwarders back after another's sweep", () => {
    syncBuiltinESMExports()
    expect(timersEsm.setTimeout).toBe(timersCjs.setTimeout)
    const sweeps = forwarders.sweeps
    syncBuiltinExports()
    expect(forwarders.sweeps).toBe(sweeps + 1)
    expect(timersEsm.setTimeout).not.toBe(timersCjs.setTimeout)
    const fake = (() => 'fake') as unknown as typeof setTimeout
    const real = timersCjs.setTimeout
    timersCjs.setTimeout = fake
    try {
      expect((timersEsm.setTimeout as unknown as () => string)()).toBe('fake')
    } finally {
      timersCjs.setTimeout = real
    }
  })

  it('forwards a class: new, extends, instanceof and its prototype as the export itself', () => {
    expect(Resolver.prototype).toBe(dnsCjs.Resolver.prototype)
    expect(new Resolver()).toBeInstanceOf(dnsCjs.Resolver)
    class Mine extends Resolver {}
    const mine = new Mine()
    expect(mine).toBeInstanceOf(Mine)
    expect(mine).toBeInstanceOf(dnsCjs.Resolver)
    expect(Resolver.name).toBe('Resolver')
  })

  it("reflection reaches the run's export, not the original: a write through a descriptor is seen", async () => {
    const realSetTimeout = timersCjs.setTimeout
    const { seen, history } = await inRun(async () => {
      // What an executor might try to get round
      // the guards: the original behind the Proxy.
      const behind = (f: unknown) =>
        (Object.getOwnPropertyDescriptor(f, 'prototype')?.value as { constructor?: unknown } | undefined)?.constructor
      const write = behind(writeFileSync) as typeof writeFileSync | undefined
      write?.(join(dir, 'behind'), 'x')
      return { wrote: write !== undefined, timer: behind(timersSetTimeout) }
    })
    expect(seen).toMatchObject({ wrote: true })
    expect((seen as { timer: unknown }).timer).not.toBe(realSetTimeout)
    expect(eventsOf(history, 'executor-fault').map((e) => e.message)).toContain(
      `wrote ${join(dir, 'behind')} (fs.writeFileSync)`,
    )
  })

  it('takes no change to the original: the fixed prototype stays writable, the function extensible', () => {
    const realWriteFileSync = fsCjs.writeFileSync
    const before = Object.getOwnPropertyDescriptor(realWriteFileSync, 'prototype')
    // What would pin the original's prototype
    // for the descriptor trap to hand it out.
    expect(Reflect.defineProperty(writeFileSync, 'prototype', { writable: false })).toBe(false)
    expect(Reflect.preventExtensions(writeFileSync)).toBe(false)
    expect(Reflect.setPrototypeOf(writeFileSync, null)).toBe(false)
    expect(Reflect.deleteProperty(writeFileSync, 'prototype')).toBe(false)
    expect(Object.getOwnPropertyDescriptor(realWriteFileSync, 'prototype')).toEqual(before)
    expect(Object.isExtensible(realWriteFileSync)).toBe(true)
    // A configurable property lands on the live export.
    const mark = Symbol('mark')
    expect(Reflect.defineProperty(writeFileSync, mark, { value: 1, configurable: true })).toBe(true)
    expect((fsCjs.writeFileSync as unknown as Record<symbol, unknown>)[mark]).toBe(1)
    expect(Reflect.deleteProperty(writeFileSync, mark)).toBe(true)
    expect(mark in fsCjs.writeFileSync).toBe(false)
  })

  it('keeps the Proxy invariants: a non-configurable descriptor stays, a fixed one is as it was', () => {
    const d = Object.getOwnPropertyDescriptor(Resolver, 'prototype')
    expect(d).toMatchObject({ value: dnsCjs.Resolver.prototype, writable: false, configurable: false })
    expect(Object.getOwnPropertyDescriptor(timersSetTimeout, 'prototype')).toMatchObject({ configurable: false })
    expect(Object.getOwnPropertyDescriptor(timersSetTimeout, 'name')).toMatchObject({ value: 'setTimeout' })
    expect(() => Object.getOwnPropertyDescriptors(writeFileSync)).not.toThrow()
  })

  it('covers every builtin export a run patches', async () => {
    const forwarded = new Set(FORWARDED_MODULES.map(([name]) => name))
    const before = new Map<string, unknown>()
    const modules = builtinModules.filter((m) => !m.startsWith('_') && !['sys', 'wasi', 'test'].includes(m))
    const exportsOf = new Map(modules.map((m) => [m, require(`node:${m}`) as Record<string, unknown>]))
    for (const [m, exported] of exportsOf)
      for (const key of Object.keys(exported)) {
        const d = Object.getOwnPropertyDescriptor(exported, key)
        if (d && 'value' in d) before.set(`${m}:${key}`, d.value)
      }
    const changed: string[] = []
    await inRun(async () => {
      for (const [m, exported] of exportsOf)
        for (const key of Object.keys(exported)) {
          const d = Object.getOwnPropertyDescriptor(exported, key)
          if (d && 'value' in d && before.has(`${m}:${key}`) && before.get(`${m}:${key}`) !== d.value)
            changed.push(`${m}:${key}`)
        }
      return null
    })
    expect(changed.length).toBeGreaterThan(100) // the guards' and the clock's
    expect(changed.filter((k) => !forwarded.has(k.split(':')[0]!))).toEqual([])
    expect(World.active()).toBeNull()
  })
})
