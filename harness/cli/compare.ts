// `faultline compare`: the same generated scenarios against each executor, as a leaderboard.
import { BUNDLED_NAMES } from '../../executors/index.ts'
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'
import { renderCompare } from '../../reports/text.ts'
import { compare } from '../campaign/compare.ts'
import { profileName } from '../scenario/profile.ts'
import type { Io } from './io.ts'
import { JUDGING, loadJudges } from './judges.ts'
import { openPool, resolveExecutor } from './open-pool.ts'
import { int, options, profileOption, seed as seedOption, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'

export async function compareCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('compare', args, { executors: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, k: { type: 'string' }, profile: { type: 'string' }, json: { type: 'boolean' }, ...SUPERVISION, ...JUDGING })
  if (!parsed) return (io.out(COMMAND_USAGE.compare), 0)
  const { values } = parsed
  await loadJudges(values.judge, io.cwd)
  const names = (values.executors ?? BUNDLED_NAMES.join(',')).split(',').map((s) => s.trim()).filter(Boolean)
  if (names.length === 0) throw new UsageError('--executors needs at least one name, e.g. --executors reference,naive')
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = seedOption(values.seed)
  const k = int(values.k, 'k', 3, 1, 100)
  const pool = supervision(values)
  const profile = profileOption(values.profile)
  // Every name is checked before any campaign starts: a typo fails at once, not after minutes.
  for (const n of names) resolveExecutor(n, io.cwd)
  const rows = await compare(
    names.map((n) => () => openPool(n, io.cwd, pool)),
    { runs, seed, k, passKScenarios: 25, generator: scenarioGenerator({ profile }) },
  )
  if (values.json) io.out(JSON.stringify(rows.map((r) => ({ summary: r.summary, passK: r.passK, counterexamples: r.counterexamples })), null, 2))
  else io.out(renderCompare(rows, { runs, seed, profile: profileName(profile) }))
  return 0
}
