// Benchmark: a standard campaign against the
// reference, beside the bare msw round trip, so
// the harness's overhead is a ratio; then the
// supervised figures (how each is measured:
// docs/internals/executors-and-services.md),
// the adapters' cost and loop mode's pace.
//
//   npm run bench   # 1,000 runs a round; RSS 10,000
//   (run from the checkout's build, as the
//   command runs: scripts/bench.mjs)
//   npm run bench -- --runs 5000 --rss-runs 20000
import { scenarioGenerator } from '../scenarios/arbitraries.ts'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici'
import { bundledRef, loadBundled } from '../executors/index.ts'
import { search } from '../harness/campaign/search.ts'
import { noopExecutor } from '../harness/contract/noop-executor.ts'
import type { ExecutorRef } from '../harness/supervisor/executor-ref.ts'
import { WorkerPool } from '../harness/supervisor/pool.ts'
import { PaymentsStore } from '../mock-services/payments/store.ts'
import { jsonResponse } from '../mock-services/json-response.ts'
import { installClientShims } from '../harness/sim/client-shims.ts'
import { activate, startInterception, stopInterception } from '../harness/sim/network.ts'
import { type CpuByRole, cpuByRole, processesMs, type ThreadTimes, threadTimes } from './proc-cpu.ts'
import { hungVerdictLines } from './hung-verdict.ts'
import { firstContactLines } from './first-contact.ts'
import { loopModeLines } from './loop-mode.bench.ts'
import { keepGarbageYoung } from '../harness/supervisor/young-garbage.ts'
import { sqliteShare } from './sqlite-share.ts'
import { worldCost } from './world-cost.ts'
import { cpuRoles, profiled, ROLES, type Role, THE_REQUEST } from './cpu-roles.ts'
import { ROOT } from './checkout-root.ts'

// As the CLI's process, before any draw.
keepGarbageYoung()

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    executor: { type: 'string' },
    'rss-runs': { type: 'string' },
    'ceiling-child': { type: 'boolean' },
    'ceiling-noop': { type: 'boolean' },
  },
})
const runs = Number(values.runs ?? 1000)
const rssRuns = Number(values['rss-runs'] ?? 10_000)
const seed = Number(values.seed ?? 1)
const executor = await loadBundled(values.executor ?? 'reference')
/** Warm-up runs, per worker and for this thread: V8 optimises in ~1,000. */
const WARM_UP_RUNS = 1_000

if (values['ceiling-child']) await ceilingChild()

/** The bare requests: two posts, then a list. */
async function roundTrips(host: string, requests: number): Promise<number> {
  const one = async (i: number) => {
    const res =
      i % 3 === 2
        ? await fetch(`https://${host}/v1/refunds?payment_intent=pi_1`)
        : await fetch(`https://${host}/v1/refunds`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `k${i}` },
            body: 'payment_intent=pi_1&amount=4990',
          })
    await res.json()
  }
  for (let i = 0; i < 300; i++) await one(i) // warm-up
  const start = performance.now()
  for (let i = 0; i < requests; i++) await one(i)
  return (performance.now() - start) / requests
}

/** Bare msw: like requests, a trivial handler. */
async function bareMsw(requests: number): Promise<number> {
  const server = setupServer(
    http.post('https://bare.test/v1/refunds', async ({ request }) =>
      Response.json({ id: 're_1', body: await request.text() }),
    ),
    http.get('https://bare.test/v1/refunds', () => Response.json({ object: 'list', data: [] })),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await roundTrips('bare.test', requests)
  } finally {
    server.close()
  }
}

/**
 * The same requests on the harness's own
 * path (interception, client shims) to a
 * trivial handler: its cost, no service's.
 */
async function harnessPath(requests: number): Promise<number> {
  startInterception()
  const deactivate = activate({
    route: async (request) =>
      request.method === 'GET'
        ? jsonResponse({ object: 'list', data: [] })
        : jsonResponse({ id: 're_1', body: await request.text() }),
  })
  const shims = installClientShims()
  try {
    return await roundTrips('path.test', requests)
  } finally {
    shims.undo()
    deactivate()
    stopInterception()
  }
}

/**
 * The same requests answered by undici's
 * MockAgent, the dispatcher seam issue 26
 * names: fetch's own cost, no interception.
 */
async function mockAgent(requests: number): Promise<number> {
  const before = getGlobalDispatcher()
  const agent = new MockAgent()
  agent.disableNetConnect()
  const pool = agent.get('https://agent.test')
  pool
    .intercept({ path: '/v1/refunds', method: 'POST' })
    .reply(200, ({ body }) => ({ id: 're_1', body: String(body) }))
    .persist()
  pool
    .intercept({ path: (p) => p.startsWith('/v1/refunds?'), method: 'GET' })
    .reply(200, { object: 'list', data: [] })
    .persist()
  setGlobalDispatcher(agent)
  try {
    return await roundTrips('agent.test', requests)
  } finally {
    setGlobalDispatcher(before)
    await agent.close()
  }
}

/**
 * The record stores alone, doing
 * what a run asks of them: their share of a
 * request's cost, as a ratio.
 */
function storeCostPerRequest(rounds: number): number {
  const start = performance.now()
  for (let i = 0; i < rounds; i++) {
    const store = new PaymentsStore()
    store.createIntent({
      id: 'pi_1',
      amount: 50_000,
      currency: 'eur',
      status: 'succeeded',
      metadata: {},
      created: 0,
      visibleAt: 0,
    })
    for (let r = 0; r < 3; r++) {
      store.createRefund({
        id: `re_${r}`,
        amount: 100,
        paymentIntent: 'pi_1',
        reason: null,
        metadata: { client_reference: `k${r}` },
        created: 0,
        visibleAt: 0,
      })
      store.refunds('pi_1', () => true)
    }
  }
  return (performance.now() - start) / (rounds * 3)
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })

storeCostPerRequest(500) // warm-up
const storeMs = storeCostPerRequest(3000)
const bareBefore = await bareMsw(3000)
const agentBefore = await mockAgent(3000)
const pathBefore = await harnessPath(3000)
// Warmed up as the workers are below: the
// bare round trip is measured hot, so is this.
const warmStart = performance.now()
const warm = await search(executor, {
  runs: WARM_UP_RUNS,
  seed: seed + 1,
  stopAtFirstFailure: false,
  generator: scenarioGenerator(),
})
const warmPerRequestMs = (performance.now() - warmStart) / warm.summary.requests
const start = performance.now()
const result = await search(executor, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
const wallMs = performance.now() - start
// The same campaign, an executor that does
// nothing: a run's fixed cost, in this thread.
await search(noopExecutor, {
  runs: WARM_UP_RUNS,
  seed: seed + 1,
  stopAtFirstFailure: false,
  generator: scenarioGenerator(),
})
const noopStart = performance.now()
await search(noopExecutor, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
const fixedMs = (performance.now() - noopStart) / runs
const bareAfter = await bareMsw(3000)
const agentAfter = await mockAgent(3000)
const pathAfter = await harnessPath(3000)
const bareMs = (bareBefore + bareAfter) / 2
const agentMs = (agentBefore + agentAfter) / 2
const pathMs = (pathBefore + pathAfter) / 2

const s = result.summary
const perRequestMs = wallMs / s.requests
console.log(`faultline bench — ${executor.name}, ${fmt(runs)} generated runs, seed ${seed}`)
console.log(`  runs                     ${fmt(s.runs)} (${s.failingRuns} failing)`)
console.log(`  wall time                ${fmt(wallMs / 1000, 2)} s`)
console.log(`  scenarios per second     ${fmt(s.runs / (wallMs / 1000))}`)
console.log(
  `  requests                 ${fmt(s.requests)} (${fmt(s.requests / s.runs, 2)} per run), ${fmt(s.faults)} faults struck`,
)
console.log(`  requests per second      ${fmt(s.requests / (wallMs / 1000))}`)
console.log(`  simulated time           ${fmt(s.simulatedMs / 1000)} s`)
console.log(
  `  simulated / real         ${fmt(s.simulatedMs / wallMs)}× in all, ${fmt(s.medianSpeedup ?? 0)}× for the median run   (target ≥ 1,000×)`,
)
console.log(
  `  bare msw round trip      ${fmt(bareMs * 1000)} µs (before ${fmt(bareBefore * 1000)}, after ${fmt(bareAfter * 1000)})`,
)
console.log(
  `  harness cost per request ${fmt(perRequestMs * 1000)} µs (everything: clock, services, faults, executor, judges, search)`,
)
console.log(
  `  harness / bare msw       ${fmt(perRequestMs / bareMs, 2)}×   (target ≤ 1.5×, issue 26; after ${fmt(WARM_UP_RUNS)} runs to warm up)`,
)
console.log(
  `  while warming up         ${fmt(warmPerRequestMs * 1000)} µs a request, ${fmt(warmPerRequestMs / bareMs, 2)}× bare msw (this process's first ${fmt(WARM_UP_RUNS)} runs, seed ${seed + 1}: what a short campaign in one thread pays)`,
)
console.log(
  `  fetch via MockAgent      ${fmt(agentMs * 1000)} µs, ${fmt(agentMs / bareMs, 2)}× bare msw (undici's own seam: fetch's cost with no interception)`,
)
console.log(
  `  the harness's path       ${fmt(pathMs * 1000)} µs, ${fmt(pathMs / bareMs, 2)}× bare msw (its interception and client shims, a trivial handler: no run, no service)`,
)
// What the 1.5× is spent on: a run's fixed
// share, the path, and the rest of a request.
const fixedShare = fixedMs / (s.requests / s.runs)
console.log(
  `  per request, split       ${fmt(perRequestMs * 1000)} µs = a run's fixed cost ${fmt(fixedShare * 1000)} µs (the same campaign, an executor that does nothing: ${fmt(fixedMs * 1000)} µs a run, over ${fmt(s.requests / s.runs, 2)} requests) + the harness's path ${fmt(pathMs * 1000)} µs + the rest ${fmt((perRequestMs - fixedShare - pathMs) * 1000)} µs (services, faults, model, the executor's own work, judging); 1.5× bare msw is ${fmt(bareMs * 1500)} µs`,
)
// The fixed cost's largest part: worlds
// opened and ended, no run in them.
await worldCost(noopExecutor, WARM_UP_RUNS, seed + 1)
const world = await worldCost(noopExecutor, runs, seed)
const worldMs = world.openMs + world.closeMs + world.disposeMs
console.log(
  `  a run's world            ${fmt(worldMs * 1000)} µs a run, ${fmt((worldMs / fixedMs) * 100)}% of its fixed cost: open ${fmt(world.openMs * 1000)}, close ${fmt(world.closeMs * 1000)}, dispose ${fmt(world.disposeMs * 1000)} µs (the same scenarios' worlds in this thread, no run in them: the thread patched — clock, randomness, guards, client shims — and put back, each run)`,
)
// The code under test's own SQLite, a share
// of its run: inside the figure, not harness.
const sqlite = await sqliteShare(executor, runs, seed)
const sqliteFraction = sqlite.msPerRun / sqlite.runMs
console.log(
  `  executor's SQLite        ${fmt((sqlite.msPerRun * 1000) / sqlite.requestsPerRun)} µs a request, ${fmt(sqliteFraction * 100, 1)}% of a run (${executor.name}'s own durable log, each call timed in a campaign of its own); without it, harness / bare msw is ${fmt((perRequestMs * (1 - sqliteFraction)) / bareMs, 2)}×`,
)
// The same campaign profiled: what each role
// takes of a request, and what 1.5× leaves.
const roles = cpuRoles(
  await profiled(() => search(executor, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })),
  ROOT,
)
const roleUs = (role: Role) => roles.get(role)! * perRequestMs * 1000
console.log(
  `  a request, by role       ${ROLES.map((r) => `${r} ${fmt(roleUs(r))}`).join(', ')} µs (a sampled profile of the same campaign in this thread: each role's share times the cost per request above; native and Node's own frames count for their caller)`,
)
const requestUs = THE_REQUEST.reduce((sum, r) => sum + roleUs(r), 0)
console.log(
  `  what 1.5× leaves         ${fmt(bareMs * 1500)} µs a request: the request itself (${THE_REQUEST.join(', ')}) takes ${fmt(requestUs)}, leaving ${fmt(bareMs * 1500 - requestUs)} µs for the harness's machinery (the other roles), which takes ${fmt(perRequestMs * 1000 - requestUs)} today`,
)
console.log(
  `  record store per request ${fmt(storeMs * 1000, 1)} µs (plain Maps: a fresh store, a write and a list per request)`,
)
console.log(
  `  store / harness          ${fmt((storeMs / perRequestMs) * 100, 1)}%   (the store is not the bottleneck when this is small)`,
)

// --- supervised, as the CLI runs it ---

/**
 * An executor that does nothing, as a bundled
 * one loads: the harness's own cost per run.
 */
const NOOP = {
  kind: 'bundled',
  name: noopExecutor.name,
  // .js when this runs from the build.
  path: fileURLToPath(new URL(`../harness/contract/noop-executor${extname(import.meta.url)}`, import.meta.url)),
  export: 'noopExecutor',
} as const

/** A pool with every worker warmed up. */
async function warmPool(workers: number, ref: ExecutorRef = bundledRef(executor.name)): Promise<WorkerPool> {
  const pool = await WorkerPool.open(ref, { workers })
  await search(pool, {
    runs: workers * WARM_UP_RUNS,
    seed: seed + 2,
    stopAtFirstFailure: false,
    generator: scenarioGenerator(),
  })
  return pool
}

/** Seconds for `n` standard runs on `pool`. */
async function timed(pool: WorkerPool, n: number, onRun?: (index: number) => void): Promise<number> {
  const start = performance.now()
  await search(pool, { runs: n, seed, stopAtFirstFailure: false, generator: scenarioGenerator(), onRun })
  return (performance.now() - start) / 1000
}

/**
 * Every thread's CPU (Linux /proc), or null;
 * not `apart`'s (the idle ceiling processes).
 */
function threadsNow(apart: ReadonlySet<number>): ThreadTimes | null {
  try {
    const times = threadTimes()
    for (const [key, t] of times) if (apart.has(t.pid)) times.delete(key)
    return times
  } catch {
    return null
  }
}

/** CPU ms `pids` used so far (Linux), or null. */
function processesNow(pids: ReadonlySet<number>): number | null {
  try {
    return processesMs(pids)
  } catch {
    return null
  }
}

/**
 * `timed`, with the CPU a run took in each
 * role: the main thread, the workers, their
 * hosts, and V8's and libuv's helpers.
 */
async function timedWithCpu(
  pool: WorkerPool,
  n: number,
  apart: ReadonlySet<number>,
): Promise<{ seconds: number; cpu: CpuByRole | null }> {
  const before = threadsNow(apart)
  const seconds = await timed(pool, n)
  const after = threadsNow(apart)
  if (before === null || after === null) return { seconds, cpu: null }
  const ms = cpuByRole(before, after)
  return {
    seconds,
    cpu: { main: ms.main / n, workers: ms.workers / n, hosts: ms.hosts / n, helpers: ms.helpers / n },
  }
}

/** Seconds for `threads` threads of fixed work. */
async function busyThreads(threads: number): Promise<number> {
  const code = `
    const { parentPort } = require('node:worker_threads')
    let x = 0
    for (let i = 0; i < 400000; i++) x += JSON.parse(JSON.stringify({ i, s: 'refund-' + i, a: [i, i + 1, { k: i % 7 }] })).a.length
    parentPort.postMessage(x)`
  const start = performance.now()
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise((resolve, reject) =>
          new Worker(code, { eval: true }).once('message', resolve).once('error', reject),
        ),
    ),
  )
  return (performance.now() - start) / 1000
}

/**
 * A child process: warms up, then, per word from
 * its parent, runs the campaign unsupervised and
 * prints its seconds.
 */
async function ceilingChild(): Promise<never> {
  const subject = values['ceiling-noop'] ? noopExecutor : executor
  await search(subject, {
    runs: WARM_UP_RUNS,
    seed: seed + 2,
    stopAtFirstFailure: false,
    generator: scenarioGenerator(),
  })
  process.stdout.write('ready\n')
  for await (const _word of process.stdin) {
    const start = performance.now()
    await search(subject, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
    process.stdout.write(`${(performance.now() - start) / 1000}\n`)
  }
  process.exit(0)
}

/**
 * The adapters' cost, in a child under tsx:
 * the examples it imports are not built.
 */
async function adapterCostLines(n: number, seedOf: number): Promise<string[]> {
  const script = join(ROOT, 'bench/adapter-cost.ts')
  const args = ['--import', 'tsx', script, '--runs', String(n), '--seed', String(seedOf)]
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d
  })
  const [code] = (await once(child, 'close')) as [number | null]
  if (code !== 0 || out.trim() === '')
    return ['', `adapters — not measured: bench/adapter-cost.ts exited ${code}, printing ${out.length} characters`]
  return out.trimEnd().split('\n')
}

/**
 * Two warmed-up children; `run(k)` runs
 * the first k at once: the slowest one's
 * seconds. `noop`: the floor's executor.
 */
async function independentProcesses(noop = false): Promise<{
  run(k: number): Promise<number>
  readonly pids: ReadonlySet<number>
  close(): void
}> {
  // Run as this process is: built (source maps
  // on, as importSource sets), or .ts via tsx.
  const built = extname(import.meta.url) === '.js'
  const loader = built ? ['--enable-source-maps'] : process.execArgv.length > 0 ? [] : ['--import', 'tsx']
  const children = Array.from({ length: 2 }, () => {
    const child = spawn(
      process.execPath,
      [
        ...process.execArgv,
        ...loader,
        fileURLToPath(import.meta.url),
        '--ceiling-child',
        '--runs',
        String(runs),
        '--seed',
        String(seed),
        '--executor',
        executor.name,
        ...(noop ? ['--ceiling-noop'] : []),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    )
    const lines: string[] = []
    child.stdout.setEncoding('utf8').on('data', (d: string) => lines.push(...d.split('\n').filter(Boolean)))
    const exited = once(child, 'exit')
    const next = async () => {
      while (lines.length === 0) {
        // A child that dies says so, not a hang.
        const ended = await Promise.race([once(child.stdout, 'data').then(() => false), exited.then(() => true)])
        if (ended && lines.length === 0) throw new Error(`a ceiling child exited (code ${child.exitCode})`)
      }
      return lines.shift()!
    }
    return { child, next }
  })
  await Promise.all(children.map((c) => c.next()))
  return {
    pids: new Set(children.map((c) => c.child.pid!)),
    async run(k) {
      const chosen = children.slice(0, k)
      for (const c of chosen) c.child.stdin.write('go\n')
      return Math.max(...(await Promise.all(chosen.map(async (c) => Number(await c.next())))))
    },
    close: () => children.forEach((c) => c.child.stdin.end()),
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
/**
 * One-then-two rounds: a slow spell hits both.
 * Five: with three, one round's swing (±0.1)
 * moved the pool's median ratio by as much.
 */
const ROUNDS = 5

await busyThreads(1) // warm-up
const machine: number[] = []
for (let r = 0; r < ROUNDS; r++) machine.push((2 * (await busyThreads(1))) / (await busyThreads(2)))

const processes = await independentProcesses()
const floorProcesses = await independentProcesses(true)
/** Idle while the pools run: not their CPU. */
const ceilingPids = new Set([...processes.pids, ...floorProcesses.pids])
const pools = { one: await warmPool(1), two: await warmPool(2), floor: await warmPool(2, NOOP) }
/** Paces (scenarios/s): one process, two at once. */
const single: number[] = []
const pair: number[] = []
const one: number[] = []
const two: number[] = []
const floor: number[] = []
const cpu: { one: CpuByRole[]; two: CpuByRole[]; floor: CpuByRole[] } = { one: [], two: [], floor: [] }
/** CPU ms a run, every thread of the two processes. */
const pairCpu: number[] = []
/** Paces: two no-op processes at once. */
const floorPair: number[] = []
/** Their CPU ms a run, every thread. */
const floorPairCpu: number[] = []
// Each round: the workload's ceiling, then the
// pools, so a slow spell hits both sides.
for (let r = 0; r < ROUNDS; r++) {
  single.push(runs / (await processes.run(1)))
  // Each of the two runs the whole campaign.
  const before = processesNow(processes.pids)
  pair.push((2 * runs) / (await processes.run(2)))
  const after = processesNow(processes.pids)
  if (before !== null && after !== null) pairCpu.push((after - before) / (2 * runs))
  const floorBefore = processesNow(floorProcesses.pids)
  floorPair.push((2 * runs) / (await floorProcesses.run(2)))
  const floorAfter = processesNow(floorProcesses.pids)
  if (floorBefore !== null && floorAfter !== null) floorPairCpu.push((floorAfter - floorBefore) / (2 * runs))
  const a = await timedWithCpu(pools.one, runs, ceilingPids)
  const b = await timedWithCpu(pools.two, runs, ceilingPids)
  const c = await timedWithCpu(pools.floor, runs, ceilingPids)
  one.push(runs / a.seconds)
  two.push(runs / b.seconds)
  floor.push(runs / c.seconds)
  if (a.cpu && b.cpu && c.cpu) cpu.one.push(a.cpu), cpu.two.push(b.cpu), cpu.floor.push(c.cpu)
}
processes.close()
floorProcesses.close()
await Promise.all([pools.one.close(), pools.two.close(), pools.floor.close()])
const ratios = one.map((o, i) => two[i]! / o)
const workload = pair.map((p, i) => p / single[i]!)
const againstPair = two.map((t, i) => t / pair[i]!)
const speedUps = ratios.map((x, i) => x / workload[i]!)
const list = (xs: number[], d = 0) => xs.map((x) => fmt(x, d)).join(', ')
console.log('')
console.log(
  `supervised (executor in worker threads, judged in the main thread): ${ROUNDS} rounds of ${fmt(runs)} runs with 1 worker, then with 2, after ${fmt(WARM_UP_RUNS)} runs per worker to warm up; medians:`,
)
console.log(`  1 worker                 ${fmt(median(one))} scenarios/s   (rounds: ${list(one)})`)
console.log(
  `  2 workers                ${fmt(median(two))} scenarios/s   (rounds: ${list(two)}; target ≥ 1,000/s, issue 26)`,
)
console.log(
  `  2 workers / 1 worker     ${fmt(median(ratios), 2)}×   (rounds: ${list(ratios, 2)}; target ≥ 1.8× on a 2-core machine)`,
)
console.log(
  `  ceiling, this machine    ${fmt(median(machine), 2)}×   (rounds: ${list(machine, 2)}; the same allocating JavaScript in one thread, then in two at once)`,
)
console.log(
  `  one process              ${fmt(median(single))} scenarios/s   (rounds: ${list(single)}; the same campaign unsupervised, in a process of its own)`,
)
console.log(
  `  two processes            ${fmt(median(pair))} scenarios/s   (rounds: ${list(pair)}; two such processes at once, each the whole campaign: the workload's two-process ceiling)`,
)
console.log(
  `  2 workers / 2 processes  ${fmt(median(againstPair), 2)}×   (rounds: ${list(againstPair, 2)}; round by round; target ≥ 0.9×, issue 26)`,
)
console.log(
  `  ceiling, this workload   ${fmt(median(workload), 2)}×   (rounds: ${list(workload, 2)}; two processes over one)`,
)
console.log(
  `  speed-ups, pool / procs  ${fmt(median(speedUps), 2)}×   (rounds: ${list(speedUps, 2)}; 2 workers / 1 worker over two processes / one: below the paces' ratio, as 1 worker already has the main thread judging beside it)`,
)
// Two cores give 2,000 CPU ms a second: a run's
// CPU, in every thread, bounds the pace.
/** A run's CPU in every role. */
const all = (x: CpuByRole) => x.main + x.workers + x.hosts + x.helpers
const perRun = (xs: CpuByRole[]) => median(xs.map(all))
if (cpu.two.length === ROUNDS) {
  const at = (xs: CpuByRole[], role: keyof CpuByRole) => fmt(median(xs.map((x) => x[role])), 2)
  const split = (xs: CpuByRole[]) =>
    `${fmt(perRun(xs), 2)} ms: worker threads ${at(xs, 'workers')}, their hosts ${at(xs, 'hosts')}, main thread ${at(xs, 'main')}, V8's and libuv's helpers ${at(xs, 'helpers')}`
  console.log(`  CPU per run, 1 worker    ${split(cpu.one)}   (Linux /proc, every thread)`)
  console.log(`  CPU per run, 2 workers   ${split(cpu.two)}`)
  console.log(`  CPU per run, floor       ${split(cpu.floor)}   (2 workers, an executor that does nothing)`)
  if (pairCpu.length === ROUNDS) {
    // Paces are cores kept busy over CPU a run:
    // if both keep two busy, the paces' ratio
    // is the CPU's, inverted; round by round.
    const procs = median(pairCpu)
    const pool = perRun(cpu.two)
    const predicted = median(pairCpu.map((p, i) => p / all(cpu.two[i]!)))
    const busy = (pace: number, ms: number) => fmt((pace * ms) / 1000, 2)
    console.log(
      `  CPU per run, 2 processes ${fmt(procs, 2)} ms   (every thread of the two unsupervised processes above, over the runs both ran)`,
    )
    console.log(
      `  supervision's CPU        ${fmt(pool - procs, 2)} ms a run   (2 workers' ${fmt(pool, 2)} less the processes' ${fmt(procs, 2)}; 0.9× leaves it ${fmt(procs / 0.9 - procs, 2)} ms)`,
    )
    // On nothing: what the pool costs over two
    // processes whatever a run does.
    if (floorPairCpu.length === ROUNDS) {
      const onNothing = perRun(cpu.floor) - median(floorPairCpu)
      console.log(
        `  supervision, split       ${fmt(pool - procs, 2)} ms a run = ${fmt(onNothing, 2)} on nothing (the floor's ${fmt(perRun(cpu.floor), 2)} less two no-op processes' ${fmt(median(floorPairCpu), 2)}) + ${fmt(pool - procs - onNothing, 2)}, the rest, which comes with ${executor.name}'s runs`,
      )
    }
    console.log(
      `  2 workers / 2 processes  ${fmt(predicted, 2)}× from CPU   (the processes' CPU a run over the pool's, round by round: the paces' ratio if both keep two cores busy; cores busy: processes ${busy(median(pair), procs)}, 2 workers ${busy(median(two), pool)})`,
    )
  }
  console.log(
    `  bound from CPU           ${fmt(2000 / perRun(cpu.two))} scenarios/s   (two cores' 2,000 ms a second over the CPU a run takes with 2 workers; ${fmt(2000 / perRun(cpu.two) / median(one), 2)}× 1 worker's pace)`,
  )
}
console.log(
  `  floor, 2 workers         ${fmt(median(floor))} scenarios/s   (rounds: ${list(floor)}; the same campaign, an executor that does nothing: the harness's own cost per run — generation, world, clock, supervision, judges — bounds any executor)`,
)
console.log(
  `  floor, 2 processes       ${fmt(median(floorPair))} scenarios/s   (rounds: ${list(floorPair)}; the two unsupervised processes, an executor that does nothing; 2 workers / 2 processes ${fmt(median(floor.map((f, i) => f / floorPair[i]!)), 2)}× on nothing)`,
)
// What bounds 2 workers: the harness's floor
// (nothing to do), and the executor's requests.
const overFloorMs = 1000 / median(two) - 1000 / median(floor)
const requestsMs = overFloorMs / (s.requests / s.runs)
console.log(
  `  what the requests add    ${fmt(overFloorMs, 2)} ms a run over the floor, ${fmt(requestsMs, 2)} ms for each of its ${fmt(s.requests / s.runs, 2)} requests (2 workers' wall: the executor's own work and the request path)`,
)
if (cpu.two.length === ROUNDS) {
  // 1,000/s needs a run in 2 ms of CPU: what
  // takes it, measured above.
  const floorMs = perRun(cpu.floor)
  const fetchMs = agentMs * (s.requests / s.runs)
  console.log(
    `  what bounds 2 workers    1,000/s on two cores leaves 2.00 ms of CPU a run; a run takes ${fmt(perRun(cpu.two), 2)}: the harness's floor ${fmt(floorMs, 2)}, ${executor.name}'s ${fmt(s.requests / s.runs, 2)} requests and its own work ${fmt(perRun(cpu.two) - floorMs, 2)}, of which fetch's own cost alone (MockAgent, no interception) is ${fmt(fetchMs, 2)}`,
  )
}

const rss: Record<number, number> = {}
let done = 0
const mark = (n: number) => (rss[n] = process.memoryUsage().rss)
const rssPool = await WorkerPool.open(bundledRef(executor.name), { workers: 2 })
await timed(rssPool, rssRuns, () => {
  done++
  if (done === 1_000 || done === rssRuns) mark(done)
})
await rssPool.close()
console.log(`  RSS after 1,000 runs     ${fmt(rss[1_000]! / 2 ** 20)} MB`)
console.log(`  RSS after ${fmt(rssRuns)} runs    ${fmt(rss[rssRuns]! / 2 ** 20)} MB`)
console.log(`  ratio                    ${fmt(rss[rssRuns]! / rss[1_000]!, 2)}×   (target ≤ 1.2×)`)

// stripe-node at its defaults retries, after the
// run, a request the run's end cut off. The
// leftovers end between runs in the same worker
// (replacing it would show here).
const sdkRuns = Math.min(runs, 500)
const sdkPool = await WorkerPool.open(bundledRef('stripe-sdk-defaults'), { workers: 1 })
const sdkSeconds = await timed(sdkPool, sdkRuns)
await sdkPool.close()
const sdkInProcess = await loadBundled('stripe-sdk-defaults')
const sdkStart = performance.now()
await search(sdkInProcess, { runs: sdkRuns, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
const sdkInProcessSeconds = (performance.now() - sdkStart) / 1000
console.log('')
console.log(`stripe-sdk-defaults (stripe-node at its default retries), ${fmt(sdkRuns)} runs:`)
console.log(
  `  1 worker                 ${fmt(sdkRuns / sdkSeconds)} scenarios/s, ${sdkPool.workersStarted} worker(s) started   (in-process: ${fmt(sdkRuns / sdkInProcessSeconds)} scenarios/s)`,
)

// A framework's tools through its adapter, beside
// the same logic as a plain executor.
for (const line of await adapterCostLines(Math.min(runs, 300), seed)) console.log(line)

// Each framework's own agent loop around its
// careful tools, beside the tools in tool mode.
for (const line of await loopModeLines(Math.min(runs, 200), seed)) console.log(line)

// npm start, timed whole, as a newcomer runs it.
for (const line of await firstContactLines()) console.log(line)

// A hung executor's verdict at the defaults,
// the machine busy meanwhile.
for (const line of await hungVerdictLines()) console.log(line)
