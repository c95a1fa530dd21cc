import { describe, expect, it } from 'vitest'
import { type CpuProfile, cpuRoles, profiled, ROLES, roleOf } from '../../bench/cpu-roles.ts'

const root = '/work/x'

/** A profile from [id, url, name, children] rows. */
function profile(
  rows: [number, string, string, number[]][],
  samples: [number, number][], // [node id, µs]
): CpuProfile {
  return {
    nodes: rows.map(([id, url, functionName, children]) => ({ id, callFrame: { url, functionName }, children })),
    samples: samples.map(([id]) => id),
    timeDeltas: samples.map(([, us]) => us),
  }
}

const built = 'file:///work/x/node_modules/.cache/faultline/worker/0b5a'

describe('roleOf', () => {
  it('names a frame by its module, source or build', () => {
    expect(roleOf('node:internal/deps/undici/undici', root)).toBe('request path')
    expect(roleOf(`${built}/harness/sim/fetch-shim.js`, root)).toBe('request path')
    expect(roleOf('file:///work/x/harness/sim/pipeline.ts', root)).toBe('mock services')
    expect(roleOf(`${built}/mock-services/payments/payments.js`, root)).toBe('mock services')
    expect(roleOf(`${built}/executors/reference/intent-log.js`, root)).toBe("executor's own")
    expect(roleOf('file:///work/x/node_modules/@sinonjs/fake-timers/src/fake-timers-src.js', root)).toBe(
      'virtual clock',
    )
    expect(roleOf(`${built}/harness/sim/patch.js`, root)).toBe('sandbox and guards')
    expect(roleOf(`${built}/harness/sim/storage.js`, root)).toBe('run and processes')
    expect(roleOf(`${built}/harness/judge/verdict.js`, root)).toBe('history, judges, search')
    expect(roleOf('file:///work/x/node_modules/fast-check/lib/fast-check.js', root)).toBe('generation')
    expect(roleOf('node:internal/async_hooks', root)).toBe('async context')
  })

  it('reads a place from the checkout: where the checkout sits changes nothing', () => {
    const under = '/home/u/examples/faultline'
    expect(roleOf(`file://${under}/harness/run/world.ts`, under)).toBe('run and processes')
    expect(roleOf(`file://${under}/node_modules/.cache/faultline/worker/12ab/harness/run/world.js`, under)).toBe(
      'run and processes',
    )
    expect(roleOf(`file://${under}/examples/adapters/ai-sdk/careful.ts`, under)).toBe("executor's own")
    // Outside the checkout: its caller's.
    expect(roleOf('file:///elsewhere/executors/x.js', under)).toBeNull()
  })

  it('leaves native and generic frames to their caller', () => {
    expect(roleOf('', root)).toBeNull()
    expect(roleOf('node:internal/process/task_queues', root)).toBeNull()
  })
})

describe('cpuRoles', () => {
  it("gives a native frame its caller's role, through the storage fence, and leaves idle out", () => {
    const p = profile(
      [
        [1, '', '(root)', [2, 5, 7, 8]],
        [2, `${built}/executors/reference/intent-log.js`, 'record', [3]],
        [3, `${built}/harness/sim/storage.js`, 'get', [4]],
        [4, '', 'run', []], // SQLite, native
        [5, `${built}/harness/run/world.js`, 'World', [6]],
        [6, '', 'structuredClone', []],
        [7, '', '(garbage collector)', []],
        [8, '', '(idle)', []],
      ],
      [
        [4, 300],
        [3, 100],
        [6, 100],
        [7, 100],
        [8, 1000],
        [2, 400],
      ],
    )
    const roles = cpuRoles(p, root)
    expect([...roles.keys()]).toEqual([...ROLES])
    expect(roles.get("executor's own")).toBeCloseTo(0.7)
    expect(roles.get('run and processes')).toBeCloseTo(0.2) // the fence's own, the clone
    expect(roles.get('garbage collection')).toBeCloseTo(0.1)
    expect([...roles.values()].reduce((a, b) => a + b)).toBeCloseTo(1)
  })

  it('gives a frame with no role up to the root to V8 and Node', () => {
    const p = profile(
      [
        [1, '', '(root)', [2]],
        [2, 'node:internal/process/task_queues', 'processTicksAndRejections', []],
      ],
      [[2, 50]],
    )
    expect(cpuRoles(p, root).get('V8 and Node')).toBe(1)
  })
})

describe('profiled', () => {
  it("samples the work in this thread, this file's frames among them", async () => {
    // 100 ms of CPU, however busy the machine
    // (a wall-clock spin may be descheduled
    // for most of it).
    const spin = () => {
      const start = process.cpuUsage()
      let x = 0
      for (;;) {
        for (let i = 0; i < 10_000; i++) x += Math.sqrt(x + 1)
        const now = process.cpuUsage(start)
        if (now.user + now.system > 100_000) return x
      }
    }
    const p = await profiled(async () => spin(), 100)
    expect(p.samples.length).toBeGreaterThan(0)
    const here = p.nodes.filter((n) => n.callFrame.url.endsWith('cpu-roles.test.ts'))
    expect(here.length).toBeGreaterThan(0)
  })

  it('stops the profiler and rethrows when the work throws', async () => {
    await expect(profiled(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    // A second profile starts: the first was stopped.
    const p = await profiled(async () => {})
    expect(p.nodes.length).toBeGreaterThan(0)
  })
})
