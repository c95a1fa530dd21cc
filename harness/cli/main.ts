// The command line: gate, compare, run. Exit codes: 0 clean, 1 a violation
// was found, 2 bad usage (one line on stderr that names the problem and the fix).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BUNDLED_EXECUTORS } from '../../executors/index.ts'
import { gateJson } from '../../reports/json.ts'
import { renderCompare, renderGate, renderRun } from '../../reports/text.ts'
import { judge } from '../judge/verdict.ts'
import { runScenario } from '../run/runner.ts'
import { parseScenario } from '../run/scenario.ts'
import { compare } from '../run/compare.ts'
import { search, type SearchResult } from '../run/search.ts'
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import { serveLoopback } from '../../mock-services/server/loopback.ts'
import { loadExecutor } from './load-executor.ts'
import { UsageError } from './usage-error.ts'

export interface Io {
  out(text: string): void
  err(text: string): void
  cwd: string
}

const processIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), cwd: process.cwd() }

export const USAGE = `faultline — fault-injection tests for AI-agent tool-call executors

usage:
  faultline gate --executor <name|path> [--runs N] [--seed S] [--json]
      generate N scenarios, run and judge each; exit 1 on the first violation (shrunk and saved)
  faultline compare [--executors a,b,...] [--runs N] [--seed S] [--k K] [--json]
      the same N scenarios against each executor: a leaderboard with pass^k over 25 of them
  faultline run <scenario.json> [--executor <name|path>] [--json]
      replay one scenario and print its history and verdict
  faultline serve [--port P]
      serve the mock services on 127.0.0.1 (payments on P, email on P+1; default 4242) until Ctrl-C

exit codes: 0 no violation, 1 a violation was found, 2 bad usage (or a module that cannot be loaded), 3 the harness itself failed
bundled executors: ${Object.keys(BUNDLED_EXECUTORS).join(', ')}
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

async function gate(args: readonly string[], io: Io): Promise<number> {
  const { values } = options(args, { executor: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } })
  if (!values.executor) throw new UsageError('gate needs --executor <bundled name or path to a module exporting an Executor>')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = int(values.seed, 'seed', 1, 0)
  const executor = await loadExecutor(values.executor, io.cwd)
  const result = await search(executor, { runs, seed, stopAtFirstFailure: true })
  const saved = result.counterexample ? saveCounterexample(result, io.cwd) : null
  if (values.json) io.out(gateJson(result, { runsAsked: runs, seed }))
  else io.out(renderGate(result, { runsAsked: runs, seed, savedTo: saved, replay: saved ? `npm run faultline -- run ${saved} --executor ${values.executor}` : null }))
  return result.counterexample ? 1 : 0
}

async function compareCommand(args: readonly string[], io: Io): Promise<number> {
  const { values } = options(args, { executors: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, k: { type: 'string' }, json: { type: 'boolean' } })
  const names = (values.executors ?? Object.keys(BUNDLED_EXECUTORS).join(',')).split(',').map((s) => s.trim()).filter(Boolean)
  if (names.length === 0) throw new UsageError('--executors needs at least one name, e.g. --executors reference,naive')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = int(values.seed, 'seed', 1, 0)
  const k = int(values.k, 'k', 3, 1)
  const executors = []
  for (const n of names) executors.push(await loadExecutor(n, io.cwd))
  const rows = await compare(executors, { runs, seed, k, passKScenarios: 25 })
  if (values.json) io.out(JSON.stringify(rows.map((r) => ({ summary: r.summary, passK: r.passK, counterexamples: r.counterexamples })), null, 2))
  else io.out(renderCompare(rows, { runs, seed }))
  return 0
}

async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = options(args, { executor: { type: 'string' }, json: { type: 'boolean' } }, 1)
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
  const executor = await loadExecutor(values.executor ?? 'reference', io.cwd)
  const result = await runScenario(parsed.value, executor)
  const verdict = judge(result.history)
  if (values.json) io.out(JSON.stringify({ executor: executor.name, scenario: parsed.value.name, verdict, history: result.history }, null, 2))
  else io.out(renderRun(executor.name, parsed.value.name, verdict, result.history))
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
