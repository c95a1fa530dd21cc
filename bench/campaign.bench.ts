import { scenarioGenerator } from '../scenarios/arbitraries.ts'
// Benchmark: a standard campaign against the reference executor, and the bare
// msw round trip measured in the same process, so the harness's own overhead
// is a ratio from one run (absolute figures drift on shared machines).
//
// Then the supervised campaign as the CLI runs it: scenarios per second with
// one and with two workers (the same runs, measured in this one process, each
// after every worker's warm-up: V8 takes ~1,000 runs to optimise a worker), and
// the process's RSS after 1,000 and after 10,000 supervised runs. Beside the
// speed-up, two ceilings: the machine's own (the same allocating JavaScript in
// one thread and in two at once), and this workload's (the same unsupervised
// campaign in one process, then in two independent processes at once: no
// supervisor, no shared thread — what two workers could gain at best).
//
//   npm run bench                    # 1,000 runs (2,000 supervised, 10,000 for the RSS figure)
//   npm run bench -- --runs 5000 --rss-runs 20000
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { loadBundled } from '../executors/index.ts'
import { search } from '../harness/campaign/search.ts'
import { WorkerPool } from '../harness/supervisor/pool.ts'
import { PaymentsStore } from '../mock-services/payments/store.ts'

const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' }, executor: { type: 'string' }, 'rss-runs': { type: 'string' }, 'ceiling-child': { type: 'boolean' } } })
const runs = Number(values.runs ?? 1000)
const rssRuns = Number(values['rss-runs'] ?? 10_000)
const seed = Number(values.seed ?? 1)
const executor = await loadBundled(values.executor ?? 'reference')
/** Runs each worker does before a supervised measurement starts. */
const WARM_UP_PER_WORKER = 1_000

if (values['ceiling-child']) await ceilingChild()

/** Bare msw: the same kind of requests (a form POST and a GET, JSON answers) to a trivial handler. */
async function bareMsw(requests: number): Promise<number> {
  const server = setupServer(
    http.post('https://bare.test/v1/refunds', async ({ request }) => Response.json({ id: 're_1', body: await request.text() })),
    http.get('https://bare.test/v1/refunds', () => Response.json({ object: 'list', data: [] })),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const one = async (i: number) => {
      const res =
        i % 3 === 2
          ? await fetch('https://bare.test/v1/refunds?payment_intent=pi_1')
          : await fetch('https://bare.test/v1/refunds', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `k${i}` }, body: 'payment_intent=pi_1&amount=4990' })
      await res.json()
    }
    for (let i = 0; i < 300; i++) await one(i) // warm-up
    const start = performance.now()
    for (let i = 0; i < requests; i++) await one(i)
    return (performance.now() - start) / requests
  } finally {
    server.close()
  }
}

/**
 * The services' record stores (@mswjs/data) on their own: what a run asks of
 * them — a fresh store, the payment intents, a refund written and listed per
 * request — so their share of the per-request cost is a ratio from this run.
 */
function storeCostPerRequest(rounds: number): number {
  const start = performance.now()
  for (let i = 0; i < rounds; i++) {
    const store = new PaymentsStore()
    store.createIntent({ id: 'pi_1', amount: 50_000, currency: 'eur', status: 'succeeded', metadata: {}, created: 0, visibleAt: 0 })
    for (let r = 0; r < 3; r++) {
      store.createRefund({ id: `re_${r}`, amount: 100, paymentIntent: 'pi_1', reason: null, metadata: { client_reference: `k${r}` }, created: 0, visibleAt: 0 })
      store.refunds('pi_1', () => true)
    }
  }
  return (performance.now() - start) / (rounds * 3)
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })

storeCostPerRequest(500) // warm-up
const storeMs = storeCostPerRequest(3000)
const bareBefore = await bareMsw(3000)
await search(executor, { runs: 100, seed: seed + 1, stopAtFirstFailure: false, generator: scenarioGenerator() }) // warm-up
const start = performance.now()
const result = await search(executor, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
const wallMs = performance.now() - start
const bareAfter = await bareMsw(3000)
const bareMs = (bareBefore + bareAfter) / 2

const s = result.summary
const perRequestMs = wallMs / s.requests
console.log(`faultline bench — ${executor.name}, ${fmt(runs)} generated runs, seed ${seed}`)
console.log(`  runs                     ${fmt(s.runs)} (${s.failingRuns} failing)`)
console.log(`  wall time                ${fmt(wallMs / 1000, 2)} s`)
console.log(`  scenarios per second     ${fmt(s.runs / (wallMs / 1000))}`)
console.log(`  requests                 ${fmt(s.requests)} (${fmt(s.requests / s.runs, 2)} per run), ${fmt(s.faults)} faults struck`)
console.log(`  requests per second      ${fmt(s.requests / (wallMs / 1000))}`)
console.log(`  simulated time           ${fmt(s.simulatedMs / 1000)} s`)
console.log(`  simulated / real         ${fmt(s.simulatedMs / wallMs)}× in all, ${fmt(s.medianSpeedup ?? 0)}× for the median run   (target ≥ 1,000×)`)
console.log(`  bare msw round trip      ${fmt(bareMs * 1000)} µs (before ${fmt(bareBefore * 1000)}, after ${fmt(bareAfter * 1000)})`)
console.log(`  harness cost per request ${fmt(perRequestMs * 1000)} µs (everything: clock, services, faults, executor, judges, search)`)
console.log(`  harness / bare msw       ${fmt(perRequestMs / bareMs, 2)}×   (target ≤ 3×)`)
console.log(`  record store per request ${fmt(storeMs * 1000, 1)} µs (@mswjs/data: a fresh store, a write and a list per request)`)
console.log(`  store / harness          ${fmt((storeMs / perRequestMs) * 100, 1)}%   (the store is not the bottleneck when this is small)`)

// --- supervised: the executor in workers, as the CLI runs it -------------------------------

async function supervised(workers: number, n: number, warmUp: number, onRun?: (index: number) => void): Promise<{ seconds: number; runs: number }> {
  const pool = await WorkerPool.open({ kind: 'bundled', name: executor.name }, { workers })
  try {
    await search(pool, { runs: warmUp, seed: seed + 2, stopAtFirstFailure: false, generator: scenarioGenerator() }) // every worker started, loaded and optimised
    const start = performance.now()
    const r = await search(pool, { runs: n, seed, stopAtFirstFailure: false, generator: scenarioGenerator(), onRun })
    return { seconds: (performance.now() - start) / 1000, runs: r.summary.runs }
  } finally {
    await pool.close()
  }
}

/** Seconds for `threads` threads each doing the same fixed allocating work at once. */
async function busyThreads(threads: number): Promise<number> {
  const code = `
    const { parentPort } = require('node:worker_threads')
    let x = 0
    for (let i = 0; i < 400000; i++) x += JSON.parse(JSON.stringify({ i, s: 'refund-' + i, a: [i, i + 1, { k: i % 7 }] })).a.length
    parentPort.postMessage(x)`
  const start = performance.now()
  await Promise.all(Array.from({ length: threads }, () => new Promise((resolve, reject) => new Worker(code, { eval: true }).once('message', resolve).once('error', reject))))
  return (performance.now() - start) / 1000
}
/**
 * A child process of this bench: warms up, says so, waits for the word, then runs
 * the unsupervised campaign (executor and judges in its one thread) and prints its seconds.
 */
async function ceilingChild(): Promise<never> {
  await search(executor, { runs: WARM_UP_PER_WORKER, seed: seed + 2, stopAtFirstFailure: false, generator: scenarioGenerator() })
  process.stdout.write('ready\n')
  await once(process.stdin, 'data')
  const start = performance.now()
  await search(executor, { runs: 2 * runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
  process.stdout.write(`${(performance.now() - start) / 1000}\n`)
  process.exit(0)
}

/** Seconds for the slowest of `processes` independent processes, each running the same campaign, started together. */
async function independentProcesses(processes: number): Promise<number> {
  const children = Array.from({ length: processes }, () => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--ceiling-child', '--runs', String(runs), '--seed', String(seed), '--executor', executor.name], { stdio: ['pipe', 'pipe', 'inherit'] })
    const lines: string[] = []
    child.stdout.setEncoding('utf8').on('data', (d: string) => lines.push(...d.split('\n').filter(Boolean)))
    const line = async (k: number) => {
      while (lines.length <= k) await once(child.stdout, 'data')
      return lines[k]!
    }
    return { child, line }
  })
  await Promise.all(children.map((c) => c.line(0)))
  for (const c of children) c.child.stdin.write('go\n')
  const seconds = await Promise.all(children.map(async (c) => Number(await c.line(1))))
  return Math.max(...seconds)
}

await busyThreads(1) // warm-up
const machineOne = await busyThreads(1)
const machineTwo = await busyThreads(2)
const workloadOne = await independentProcesses(1)
const workloadTwo = await independentProcesses(2)

const measured = 2 * runs
const one = await supervised(1, measured, WARM_UP_PER_WORKER)
const two = await supervised(2, measured, 2 * WARM_UP_PER_WORKER)
console.log('')
console.log(`supervised (executor in worker threads, judged in the main thread), ${fmt(measured)} runs each after ${fmt(WARM_UP_PER_WORKER)} per worker to warm up:`)
console.log(`  1 worker                 ${fmt(one.runs / one.seconds)} scenarios/s`)
console.log(`  2 workers                ${fmt(two.runs / two.seconds)} scenarios/s`)
console.log(`  2 workers / 1 worker     ${fmt(one.seconds / two.seconds, 2)}×   (target ≥ 1.8× on a 2-core machine)`)
console.log(`  ceiling, this machine    ${fmt((2 * machineOne) / machineTwo, 2)}×   (the same allocating JavaScript in one thread, then in two at once)`)
console.log(`  ceiling, this workload   ${fmt((2 * workloadOne) / workloadTwo, 2)}×   (the same campaign unsupervised in one process, then in two independent processes at once)`)

const rss: Record<number, number> = {}
let done = 0
const mark = (n: number) => (rss[n] = process.memoryUsage().rss)
await supervised(2, rssRuns, 50, () => {
  done++
  if (done === 1_000 || done === rssRuns) mark(done)
})
console.log(`  RSS after 1,000 runs     ${fmt(rss[1_000]! / 2 ** 20)} MB`)
console.log(`  RSS after ${fmt(rssRuns)} runs    ${fmt(rss[rssRuns]! / 2 ** 20)} MB`)
console.log(`  ratio                    ${fmt(rss[rssRuns]! / rss[1_000]!, 2)}×   (target ≤ 1.2×)`)
