// Replay one scenario file against one executor: its
// history, stamped with virtual time, and its verdict.
import { REPORT_FORMAT, REPORT_VERSION, type RunReport } from '../campaign/report-schema.ts'
import { nothingTested } from '../campaign/nothing-tested.ts'
import { coverage } from '../judge/coverage.ts'
import { judge } from '../judge/verdict.ts'
import { judgesOf, modulePath, poolOptions, type SupervisionOptions } from './inputs.ts'
import { loadJudges } from './judges.ts'
import { mappingPath } from './mapping-file.ts'
import { openPool, resolveExecutor } from './open-pool.ts'
import { readScenarioFile } from './scenario-file.ts'
import type { JobSetup } from './setup.ts'
import { UsageError } from './usage-error.ts'

export interface ReplayOptions extends SupervisionOptions {
  /** The scenario file (relative to `cwd`). */
  readonly scenario: string
  /** A bundled name or a module (default: reference). */
  readonly executor?: string | URL
  /** Run the reference with this exception mapping instead. */
  readonly mapping?: string | URL
  /** Modules that define judges of the team's own. */
  readonly judges?: string | readonly string[]
  readonly cwd?: string
}

export async function replayJob(options: ReplayOptions, setup: JobSetup): Promise<RunReport> {
  const cwd = options.cwd ?? process.cwd()
  const file = options.scenario
  const scenario = readScenarioFile(file, cwd)
  await loadJudges(judgesOf(options.judges), cwd)
  const executor = options.executor === undefined ? undefined : modulePath(options.executor)
  const mapping = options.mapping === undefined ? undefined : modulePath(options.mapping)
  if (mapping && executor && executor !== 'reference')
    throw new UsageError(
      '--mapping plugs a mapping into the reference executor: drop --executor (or give --executor reference)',
    )
  const spec = executor ?? 'reference'
  const ref = mapping
    ? setup.withMapping(mappingPath(mapping, cwd), `mapping module ${mapping}`)
    : resolveExecutor(spec, cwd, setup.bundled)
  const pool = await openPool(ref, poolOptions(options, 1))
  let outcome
  try {
    outcome = await pool.run(scenario)
  } finally {
    await pool.close()
  }
  const verdict = judge(outcome.history)
  // As a campaign's: a run that sent nothing
  // (a step no tool is bound to) passes nothing.
  const idle = nothingTested({
    ...verdict,
    runs: 1,
    unsent: verdict.unsent ? { run: 1, ...verdict.unsent } : null,
  })
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    command: 'run',
    executor: { spec, name: pool.executorName },
    scenario: { file, name: scenario.name },
    passed: verdict.violations.length === 0 && idle === null,
    ...(idle !== null && { nothingTested: idle }),
    verdict,
    coverage: coverage(outcome.history),
    history: outcome.history,
  }
}
