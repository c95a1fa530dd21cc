// Gate an executor from a team's own test suite: one call runs the campaign
// `faultline gate` runs — the same supervised workers, corpus replay, search,
// shrinking and saved counterexample — and, when anything failed, throws an
// assertion error whose message carries the shrunk counterexample, its seed
// and the replay command (reports/gate-failure.ts; fast-check's failure
// report is the model). It goes through the command itself, so the two cannot
// drift apart: what passes here passes `faultline gate` with the same options.
//
// It imports no test runner: the error is node:assert's AssertionError, which
// vitest, jest, node:test and mocha all report as a failed assertion.
import { AssertionError } from 'node:assert'
import { fileURLToPath } from 'node:url'
import { renderGateFailure } from '../../reports/gate-failure.ts'
import { parseReport } from '../../harness/campaign/merge.ts'
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import { main } from '../cli/main.ts'
import { commandPrefix } from '../cli/version.ts'

export interface ExpectNoViolationsOptions {
  /** A bundled executor's name (`reference`, `naive`, …) or the path of a module that exports an Executor, relative to `cwd` (or a file: URL, e.g. `new URL('./my-executor.ts', import.meta.url)`). */
  readonly executor: string | URL
  /** Generated runs (default 200). */
  readonly runs?: number
  /** The campaign's seed (default 1, as the CLI's): the same seed finds the same counterexample. */
  readonly seed?: number
  /** What the services may do beyond the vendors (`--profile`; default vendor-faithful). */
  readonly profile?: string
  /** Worker threads (default: the cores available). */
  readonly workers?: number
  /** The failure corpus: its saved counterexamples are replayed first and a new one is saved there (default `.faultline/corpus`, as the CLI's); false: none. */
  readonly corpus?: string | false
  /** Coverage the campaign must reach (`--min-coverage`: terms, or a JSON file). */
  readonly minCoverage?: string
  /** Modules that define judges of the team's own (`--judge`). */
  readonly judges?: string | readonly string[]
  /** A run's real-time budget in ms before it is reported hung (`--run-timeout`; default 20000). */
  readonly runTimeoutMs?: number
  /** Where paths are resolved and the corpus lives (default: the current directory). */
  readonly cwd?: string
}

/** The error thrown when the gate fails; `report` is the gate's report (the JSON `faultline gate --json` prints). */
export class GateFailedError extends AssertionError {
  readonly report: GateReport

  constructor(report: GateReport, message: string) {
    // The stack starts at the caller's test, so the runner's code frame shows the test, not this file.
    super({ message, stackStartFn: expectNoViolations })
    this.report = report
  }
}

/**
 * Run `faultline gate` on an executor; resolve with its report when nothing
 * failed, throw a {@link GateFailedError} when something did. Bad options or an
 * executor that cannot be loaded throw an ordinary Error with the CLI's
 * one-line reason. A campaign takes seconds: give the test a timeout to match.
 */
export async function expectNoViolations(options: ExpectNoViolationsOptions): Promise<GateReport> {
  const cwd = options.cwd ?? process.cwd()
  const executor = options.executor instanceof URL ? fileURLToPath(options.executor) : options.executor
  const flags: string[] = ['--executor', executor]
  const add = (flag: string, value: string | number | undefined) => {
    if (value !== undefined) flags.push(flag, String(value))
  }
  add('--runs', options.runs)
  add('--seed', options.seed)
  add('--profile', options.profile)
  add('--workers', options.workers)
  if (options.corpus === false) flags.push('--no-corpus')
  else add('--corpus', options.corpus)
  add('--min-coverage', options.minCoverage)
  add('--judge', typeof options.judges === 'string' ? options.judges : options.judges?.join(','))
  add('--run-timeout', options.runTimeoutMs)

  let out = ''
  const err: string[] = []
  // No environment: a CI job's shard variables must not split a test's campaign.
  const code = await main(['gate', ...flags, '--json'], { out: (t) => (out += t), err: (t) => err.push(t), cwd, env: {} })
  if (code !== 0 && code !== 1) throw new Error(err.find((l) => l.startsWith('faultline:')) ?? `faultline gate exited with ${code}`)
  const report = parseReport(JSON.parse(out), 'faultline gate --json')
  if (report.command !== 'gate') throw new Error(`faultline gate printed a ${report.command} report`)
  if (report.passed) return report
  const rerun = `${commandPrefix()} gate ${flags.map(shellWord).join(' ')}${options.seed === undefined ? ` --seed ${report.campaign.seed}` : ''}`
  throw new GateFailedError(report, renderGateFailure(report, rerun))
}

function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
