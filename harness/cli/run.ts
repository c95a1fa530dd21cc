// `faultline run`: replay one scenario file against one executor; its history and verdict.
import { renderRun } from '../../reports/text.ts'
import { judge } from '../judge/verdict.ts'
import type { Io } from './io.ts'
import { withMappingRef } from '../audit/with-mapping.ts'
import { mappingPath } from './mapping-file.ts'
import { openPool, openRefPool } from './open-pool.ts'
import { options, supervision, SUPERVISION } from './options.ts'
import { readScenarioFile } from './scenario-file.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'

export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('run', args, { executor: { type: 'string' }, mapping: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION }, 1)
  if (!parsed) return (io.out(COMMAND_USAGE.run), 0)
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('run needs a scenario file: faultline run <scenario.json> [--executor reference]')
  const scenario = readScenarioFile(file, io.cwd)
  if (values.mapping && values.executor && values.executor !== 'reference') throw new UsageError('--mapping plugs a mapping into the reference executor: drop --executor (or give --executor reference)')
  const pool = values.mapping ? await openRefPool(withMappingRef(mappingPath(values.mapping, io.cwd), `mapping module ${values.mapping}`), supervision(values, 1)) : await openPool(values.executor ?? 'reference', io.cwd, supervision(values, 1))
  let outcome
  try {
    outcome = await pool.run(scenario)
  } finally {
    await pool.close()
  }
  const verdict = judge(outcome.history)
  if (values.json) io.out(JSON.stringify({ executor: pool.executorName, scenario: scenario.name, verdict, history: outcome.history }, null, 2))
  else io.out(renderRun(pool.executorName, scenario.name, verdict, outcome.history))
  return verdict.violations.length > 0 ? 1 : 0
}
