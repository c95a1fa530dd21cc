// `faultline compare`: the same generated scenarios against each executor, as a
// leaderboard; every shrunk counterexample is saved in the failure corpus. With
// --shard it runs one share, and --out writes what `faultline merge` puts back together.
// Exit 0 (a comparison is a report), or 1 with --fail-on-violation when any executor had a violation.
import { BUNDLED_NAMES } from '../../executors/index.ts'
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'
import { reportJson } from '../../reports/json.ts'
import { renderCompare } from '../../reports/text.ts'
import { compare, type CompareProgress } from '../../harness/campaign/compare.ts'
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import { inShard } from '../../harness/campaign/shard.ts'
import { CorpusError } from '../../harness/campaign/corpus.ts'
import { compareReport, withoutRuns } from '../../harness/campaign/report.ts'
import { profileName } from '../../harness/scenario/profile.ts'
import { realNow } from '../../harness/sim/real-clock.ts'
import { CAMPAIGN_IO, corpusOption, shardOption, writeOut } from './campaign-options.ts'
import type { Io } from './io.ts'
import { progressOn } from './progress.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { JUDGING, loadJudges } from './judges.ts'
import { openPool, resolveExecutor } from './open-pool.ts'
import { int, options, profileOption, seed as seedOption, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix, version } from './version.ts'

/** How many of the campaign's scenarios pass^k replays. */
const PASS_K_SCENARIOS = 25

export async function compareCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('compare', args, { executors: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, k: { type: 'string' }, profile: { type: 'string' }, json: { type: 'boolean' }, 'fail-on-violation': { type: 'boolean' }, ...CAMPAIGN_IO, ...REPORT_OUTPUTS, ...SUPERVISION, ...JUDGING })
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
  const corpusDir = corpusOption(values)
  const shard = shardOption(values.shard, io)
  // Every name is checked before any campaign starts: a typo fails at once, not after minutes.
  for (const n of names) resolveExecutor(n, io.cwd)
  const started = realNow()
  const perExecutor = Array.from({ length: runs }, (_, i) => i).filter((i) => inShard(i, shard)).length
  const progress = progressOn(io, `compare ${names[0]} (1/${names.length})`, perExecutor * names.length)
  let rows
  try {
    rows = await compare(
      names.map((n) => () => openPool(n, io.cwd, pool)),
      {
        runs,
        seed,
        k,
        passKScenarios: PASS_K_SCENARIOS,
        generator: scenarioGenerator({ profile }),
        shard,
        ...(progress && {
          onProgress: (e: CompareProgress) => {
            progress.label(`compare ${names[e.executor]} (${e.executor + 1}/${names.length})`)
            if (e.kind === 'run') progress.run(e.failed)
            else progress.doing(e.kind === 'shrink' ? `shrinking a ${e.judge} counterexample` : `pass^${k}: replaying ${e.scenarios} scenario(s) ${k} times`)
          },
        }),
      },
    )
  } finally {
    progress?.end()
  }
  const campaign = { seed, runs, profile: profileName(profile), faultline: version(), corpus: corpusDir, judges: values.judge ?? null, shard, k, passKScenarios: PASS_K_SCENARIOS }
  let report
  try {
    report = compareReport(campaign, rows.map((row, i) => ({ executor: { spec: names[i]!, name: row.summary.executor }, row })), { cwd: io.cwd, corpus: shard ? null : corpusDir, replayPrefix: commandPrefix(), judges: values.judge }) // a shard saves nothing; merge does
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
  if (values.out) writeOut(values.out, reportJson(report), io.cwd)
  io.out(values.json ? reportJson(withoutRuns(report)).trimEnd() : renderCompare(report))
  writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  io.err(`faultline: ${rows.length} executor(s) in ${((realNow() - started) / 1000).toFixed(2)} s of real time`)
  return values['fail-on-violation'] && anyViolation(report) ? 1 : 0
}

/** Some executor had a violation: in a campaign run, or in a pass^k replay. */
export function anyViolation(report: CompareReport): boolean {
  return report.rows.some((r) => r.summary.failingRuns > 0 || (r.passK.rate !== null && r.passK.passed < r.passK.scenarios))
}
