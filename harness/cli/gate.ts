// `faultline gate`: a campaign against one executor that stops at the first
// violation, shrinks it, saves it, and says how to replay it. Exit 1 when it found one.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'
import { gateJson } from '../../reports/json.ts'
import { renderGate } from '../../reports/text.ts'
import { search, type SearchResult } from '../campaign/search.ts'
import type { Io } from './io.ts'
import { JUDGING, loadJudges } from './judges.ts'
import { openPool } from './open-pool.ts'
import { int, options, profileOption, seed as seedOption, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

export async function gate(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('gate', args, { executor: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, profile: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION, ...JUDGING })
  if (!parsed) return (io.out(COMMAND_USAGE.gate), 0)
  const { values } = parsed
  if (!values.executor) throw new UsageError('gate needs --executor <bundled name or path to a module exporting an Executor>')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = seedOption(values.seed)
  const generator = scenarioGenerator({ profile: profileOption(values.profile) })
  await loadJudges(values.judge, io.cwd)
  const pool = await openPool(values.executor, io.cwd, supervision(values))
  let result
  try {
    result = await search(pool, { runs, seed, stopAtFirstFailure: true, generator })
  } finally {
    await pool.close()
  }
  const saved = result.counterexample ? saveCounterexample(result, io.cwd) : null
  if (values.json) io.out(gateJson(result, { runsAsked: runs, seed }))
  else io.out(renderGate(result, { runsAsked: runs, seed, savedTo: saved, replay: saved ? `${commandPrefix()} run ${saved} --executor ${values.executor}${values.judge ? ` --judge ${values.judge}` : ''}` : null }))
  return result.counterexample ? 1 : 0
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
