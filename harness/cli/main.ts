// The command line: gate, compare, run. Exit codes: 0 clean, 1 a violation
// was found, 2 bad usage (one line on stderr that names the problem and the fix).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BUNDLED_NAMES } from '../../executors/index.ts'
import { gateJson } from '../../reports/json.ts'
import { renderCompare, renderGate, renderRun } from '../../reports/text.ts'
import { judge } from '../judge/verdict.ts'
import { parseScenario } from '../run/scenario.ts'
import { parseProfile, profileName, PROFILE_FEATURES, type ProfileFeature } from '../run/profile.ts'
import { compare } from '../run/compare.ts'
import { search, type SearchResult } from '../run/search.ts'
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import { serveLoopback } from '../../mock-services/server/loopback.ts'
import { availableParallelism } from 'node:os'
import { DEFAULT_BUDGETS } from '../supervisor/budgets.ts'
import { executorRef, ExecutorRefError } from '../supervisor/executor-ref.ts'
import { LoadFailure, WorkerPool, type PoolOptions } from '../supervisor/pool.ts'
import { UsageError } from './usage-error.ts'

export interface Io {
  out(text: string): void
  err(text: string): void
  cwd: string
}

const processIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), cwd: process.cwd() }

export const USAGE = `faultline — fault-injection tests for AI-agent tool-call executors

usage:
  faultline gate --executor <name|path> [--runs N] [--seed S] [--json] [supervision]
      generate N scenarios, run and judge each; exit 1 on the first violation (shrunk and saved)
  faultline compare [--executors a,b,...] [--runs N] [--seed S] [--k K] [--json] [supervision]
      the same N scenarios against each executor: a leaderboard with pass^k over 25 of them
  faultline run <scenario.json> [--executor <name|path>] [--json] [supervision]
      replay one scenario and print its history and verdict
  faultline serve [--port P]
      serve the mock services on 127.0.0.1 (payments on P, email on P+1; default 4242) until Ctrl-C

supervision (the executor runs in worker threads; the verdict is this process's alone):
  --workers N          runs at once (default: the cores available; run: 1); results are the same for any N
  --run-timeout MS     real time one run may take before it is stopped and replayed once, then reported hung (default ${DEFAULT_BUDGETS.runRealMs})
  --load-timeout MS    real time loading the executor module may take (default ${DEFAULT_BUDGETS.loadRealMs})
  --worker-memory MB   heap of one worker; past it the run is reported out-of-memory (default ${DEFAULT_BUDGETS.workerMemoryMb})
  --max-events N       history events one run may record; past it the run is cut short, flooded (default ${DEFAULT_BUDGETS.eventsPerRun})

profiles (gate, compare): what the mock services may do beyond the real vendors
  --profile vendor     (default) only what Stripe and Resend do (docs/vendors.md)
  --profile hostile    every feature below
  --profile F,G,...    some of: ${PROFILE_FEATURES.join(', ')}

exit codes: 0 no violation, 1 a violation was found, 2 bad usage (or a module that cannot be loaded), 3 the harness itself failed
bundled executors: ${BUNDLED_NAMES.join(', ')}
defaults: --runs 200, --seed 1`

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  try {
    const [command, ...rest] = argv
    switch (command) {
      case 'gate':
        return await gate(rest, io)
      case 'compare':
        return await compareCommand(rest, io)
      case 'run':
        return await run(rest, io)
      case 'serve':
        return await serve(rest, io)
      case undefined:
        throw new UsageError('no command: use gate, compare, run or serve (faultline --help)')
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE)
        return 0
      default:
        throw new UsageError(`unknown command "${command}": use gate, compare, run or serve (faultline --help)`)
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`faultline: ${e.message}`)
      return 2
    }
    // The harness itself failed: one line, and an exit code of its own (not 1, "a violation").
    const line = (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).split('\n')[0]
    io.err(`faultline: the harness itself failed (${line}); please report it with the command you ran`)
    return 3
  }
}

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: readonly string[], spec: T, positionals = 0) {
  let parsed
  try {
    parsed = parseArgs({ args: [...args], options: spec, allowPositionals: positionals > 0, strict: true })
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} (faultline --help lists the options)`)
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}" (faultline --help)`)
  return parsed
}

function int(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) throw new UsageError(`--${name} must be a whole number ≥ ${min}, got "${value}"`)
  return Number(value)
}

/** Options every command that runs an executor takes: parallelism and the supervisor's budgets. */
const SUPERVISION = {
  workers: { type: 'string' },
  'run-timeout': { type: 'string' },
  'load-timeout': { type: 'string' },
  'worker-memory': { type: 'string' },
  'max-events': { type: 'string' },
  profile: { type: 'string' },
} as const

/** `--profile`: what the services may do beyond the vendors (default vendor-faithful). */
function profileOption(value: string | boolean | undefined): readonly ProfileFeature[] {
  if (typeof value !== 'string') return []
  const parsed = parseProfile(value)
  if (!parsed.ok) throw new UsageError(`--profile: ${parsed.problem}`)
  return parsed.features
}

function supervision(values: Partial<Record<keyof typeof SUPERVISION, string | boolean | undefined>>, defaultWorkers: number): PoolOptions {
  const s = (k: keyof typeof SUPERVISION) => (typeof values[k] === 'string' ? (values[k] as string) : undefined)
  return {
    workers: int(s('workers'), 'workers', defaultWorkers, 1),
    budgets: {
      runRealMs: int(s('run-timeout'), 'run-timeout', DEFAULT_BUDGETS.runRealMs, 100),
      loadRealMs: int(s('load-timeout'), 'load-timeout', DEFAULT_BUDGETS.loadRealMs, 100),
      workerMemoryMb: int(s('worker-memory'), 'worker-memory', DEFAULT_BUDGETS.workerMemoryMb, 64),
      eventsPerRun: int(s('max-events'), 'max-events', DEFAULT_BUDGETS.eventsPerRun, 100),
    },
  }
}

/** Open a worker pool for `spec`; a name, path or module that is not usable is bad usage (exit 2). */
async function openPool(spec: string, io: Io, pool: PoolOptions): Promise<WorkerPool> {
  let ref
  try {
    ref = executorRef(spec, BUNDLED_NAMES, io.cwd)
  } catch (e) {
    if (e instanceof ExecutorRefError) throw new UsageError(e.message)
    throw e
  }
  try {
    return await WorkerPool.open(ref, pool)
  } catch (e) {
    if (e instanceof LoadFailure) throw new UsageError(e.message)
    throw e
  }
}

async function gate(args: readonly string[], io: Io): Promise<number> {
  const { values } = options(args, { executor: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION })
  if (!values.executor) throw new UsageError('gate needs --executor <bundled name or path to a module exporting an Executor>')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = int(values.seed, 'seed', 1, 0)
  const pool = await openPool(values.executor, io, supervision(values, availableParallelism()))
  let result
  try {
    result = await search(pool, { runs, seed, stopAtFirstFailure: true, profile: profileOption(values.profile) })
  } finally {
    await pool.close()
  }
  const saved = result.counterexample ? saveCounterexample(result, io.cwd) : null
  if (values.json) io.out(gateJson(result, { runsAsked: runs, seed }))
  else io.out(renderGate(result, { runsAsked: runs, seed, savedTo: saved, replay: saved ? `npm run faultline -- run ${saved} --executor ${values.executor}` : null }))
  return result.counterexample ? 1 : 0
}

async function compareCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = options(args, { executors: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, k: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION })
  const names = (values.executors ?? BUNDLED_NAMES.join(',')).split(',').map((s) => s.trim()).filter(Boolean)
  if (names.length === 0) throw new UsageError('--executors needs at least one name, e.g. --executors reference,naive')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = int(values.seed, 'seed', 1, 0)
  const k = int(values.k, 'k', 3, 1)
  const pool = supervision(values, availableParallelism())
  const profile = profileOption(values.profile)
  // Every name is checked before any campaign starts: a typo fails at once, not after minutes.
  for (const n of names) {
    try {
      executorRef(n, BUNDLED_NAMES, io.cwd)
    } catch (e) {
      if (e instanceof ExecutorRefError) throw new UsageError(e.message)
      throw e
    }
  }
  const rows = await compare(
    names.map((n) => () => openPool(n, io, pool)),
    { runs, seed, k, passKScenarios: 25, profile },
  )
  if (values.json) io.out(JSON.stringify(rows.map((r) => ({ summary: r.summary, passK: r.passK, counterexamples: r.counterexamples })), null, 2))
  else io.out(renderCompare(rows, { runs, seed, profile: profileName(profile) }))
  return 0
}

async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = options(args, { executor: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION }, 1)
  const file = positionals[0]
  if (!file) throw new UsageError('run needs a scenario file: faultline run <scenario.json> [--executor reference]')
  let text: string
  try {
    text = readFileSync(resolve(io.cwd, file), 'utf8')
  } catch {
    throw new UsageError(`cannot read scenario file ${file} (check the path)`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message}`)
  }
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.problem}`)
  const pool = await openPool(values.executor ?? 'reference', io, supervision(values, 1))
  let outcome
  try {
    outcome = await pool.run(parsed.value)
  } finally {
    await pool.close()
  }
  const verdict = judge(outcome.history)
  if (values.json) io.out(JSON.stringify({ executor: pool.executorName, scenario: parsed.value.name, verdict, history: outcome.history }, null, 2))
  else io.out(renderRun(pool.executorName, parsed.value.name, verdict, outcome.history))
  return verdict.violations.length > 0 ? 1 : 0
}

async function serve(args: readonly string[], io: Io): Promise<number> {
  const { values } = options(args, { port: { type: 'string' } })
  const port = int(values.port, 'port', 4242, 0)
  if (port > 65534) throw new UsageError(`--port must be at most 65534 (email takes the next port), got ${port}`)
  const payments = new PaymentsService(Date.now, { processingMs: 0 })
  payments.seedPaymentIntent('pi_demo', 10_000, 'eur')
  const email = new EmailService(Date.now, { processingMs: 0 })
  let server
  try {
    server = await serveLoopback([payments, email], port)
  } catch (e) {
    throw new UsageError(`cannot listen on 127.0.0.1:${port}: ${(e as Error).message.split('\n')[0]} (choose another --port)`)
  }
  io.out(`payments  ${server.urls.payments}   (Stripe-shaped; a payment intent pi_demo of 100.00 EUR is ready to refund)`)
  io.out(`email     ${server.urls.email}   (Resend-shaped)`)
  io.out('Ctrl-C to stop.')
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await server.close()
  return 0
}

/** Write the minimal counterexample under reports/out/ so it can be replayed. */
function saveCounterexample(result: SearchResult, cwd: string): string {
  const c = result.counterexample!
  const dir = join(cwd, 'reports', 'out')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `counterexample-${result.summary.executor.replace(/[^A-Za-z0-9_-]/g, '_')}-${c.judge}.json`)
  writeFileSync(file, `${JSON.stringify(c.scenario, null, 2)}\n`)
  return relative(cwd, file)
}
