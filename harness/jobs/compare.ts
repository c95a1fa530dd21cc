// The comparison: the same scenarios against each
// executor, a leaderboard with pass^k; shrunk
// counterexamples are saved in the corpus.
import { compare, type CompareProgress } from '../campaign/compare.ts'
import { CorpusError } from '../campaign/corpus.ts'
import type { CompareReport } from '../campaign/report-schema.ts'
import { compareReport } from '../campaign/report.ts'
import { shardRunCount } from '../campaign/shard.ts'
import { cutOf, loadFailedCut } from './cut.ts'
import { type CampaignOptions, campaignInfo } from './gate.ts'
import { corpusOf, judgesOf, modulePath, poolOptions, profileOf, seedOf, shardOf, vendorsOf, whole } from './inputs.ts'
import { unspokenVendor } from '../run/executor-declaration.ts'
import { loadJudges } from './judges.ts'
import { commonDeclaration, declarationsOf, declaredField } from './declaration.ts'
import { openPool, resolveExecutor } from './open-pool.ts'
import { HostBank } from '../supervisor/host-bank.ts'
import { gcFor } from '../supervisor/spawn.ts'
import type { JobSetup } from './setup.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'
import { vendorsName } from '../contract/vendors.ts'

/** How many of the campaign's scenarios pass^k replays. */
const PASS_K_SCENARIOS = 25

export interface CompareOptions extends CampaignOptions {
  /** Names or module paths (default: every bundled executor). */
  readonly executors?: readonly (string | URL)[]
  /** pass^k's replays per scenario (default 3). */
  readonly k?: number
}

export async function compareJob(options: CompareOptions, setup: JobSetup): Promise<CompareReport> {
  const cwd = options.cwd ?? process.cwd()
  const judges = judgesOf(options.judges)
  await loadJudges(judges, cwd)
  const named = (options.executors ?? setup.bundled.map((b) => b.name)).map(modulePath)
  if (named.length === 0) throw new UsageError('--executors needs at least one name, e.g. --executors reference,naive')
  const runs = whole(options.runs, 'runs', 200, 1)
  const seed = seedOf(options.seed)
  const k = whole(options.k, 'k', 3, 1, 100)
  const pool = poolOptions(options)
  const profile = profileOf(options.profile)
  const corpusDir = corpusOf(options.corpus)
  const shard = shardOf(options.shard)
  // Every name is checked first: a typo
  // fails at once, not after minutes.
  const vendors = vendorsOf(options.vendors)
  const allRefs = named.map((n) => resolveExecutor(n, cwd, setup.bundled))
  const allDeclared = await declarationsOf(allRefs, pool)
  // Who speaks the run's vendors; the others
  // are left out, and the report says so.
  const speaks = allDeclared.map((d) => unspokenVendor(d, vendors) === null)
  const leftOut = named
    .map((spec, i) => ({ executor: spec, speaks: [...(allDeclared[i]?.vendors ?? [])] }))
    .filter((_, i) => !speaks[i])
  const names = named.filter((_, i) => speaks[i])
  const refs = allRefs.filter((_, i) => speaks[i])
  const declared = allDeclared.filter((_, i) => speaks[i])
  if (names.length === 0)
    throw new UsageError(
      `no executor named speaks ${vendorsName(vendors)} (${leftOut.map((l) => `${l.executor}: ${l.speaks.join(', ')}`).join('; ')}); name one that does`,
    )
  const progress = options.onProgress
  const perExecutor = shardRunCount(runs, shard)
  progress?.({ kind: 'start', label: `compare ${names[0]} (1/${names.length})`, total: perExecutor * names.length })
  // The workers shared out over executors run at
  // once: a worker warms up over a whole row, and
  // one row's shrinking (one run at a time) leaves
  // no core idle while another row runs.
  const workers = pool.workers ?? 1
  const rowsAtOnce = Math.min(workers, refs.length)
  // A row's idle workers go on to the next row:
  // warm, and no process to start (bundled only).
  const hosts = new HostBank()
  const perRow = Math.max(1, Math.floor(workers / rowsAtOnce))
  // GC threads by the workers of all rows at once.
  const rowPool = { ...pool, workers: perRow, hosts, gc: pool.gc ?? gcFor(perRow * rowsAtOnce) }
  let rows
  try {
    rows = await compare(
      refs.map((ref) => () => openPool(ref, rowPool)),
      {
        rowsAtOnce,
        runs,
        seed,
        k,
        passKScenarios: PASS_K_SCENARIOS,
        generator: setup.generator(profile, commonDeclaration(declared), vendors),
        shard,
        signal: options.signal,
        keepRuns: options.keepRuns ?? true,
        ...(progress && {
          onProgress: (e: CompareProgress) => {
            progress({ kind: 'label', label: `compare ${names[e.executor]} (${e.executor + 1}/${names.length})` })
            if (e.kind === 'run') progress({ kind: 'run', failed: e.failed })
            else
              progress({
                kind: 'doing',
                what:
                  e.kind === 'shrink'
                    ? `shrinking a ${e.judge} counterexample`
                    : `pass^${k}: replaying ${e.scenarios} scenario(s) ${k} times`,
              })
          },
        }),
      },
    )
  } finally {
    await hosts.close()
    progress?.({ kind: 'end' })
  }
  const campaign = {
    ...campaignInfo({ seed, runs, profile, vendors, corpus: corpusDir, judges, shard }),
    k,
    passKScenarios: PASS_K_SCENARIOS,
  }
  // Cut: the executors reached, the last short.
  // A signal's cut first: its exit code.
  const gone = rows.findIndex((r) => r.unavailable !== null)
  const stopped = cutOf(options.signal)
  const cut =
    stopped?.by === 'interrupted'
      ? stopped
      : gone >= 0
        ? loadFailedCut(`${names[gone]}: ${rows[gone]!.unavailable}`)
        : rows.length < refs.length || rows.some((r) => r.cut)
          ? stopped
          : null
  try {
    // A shard saves nothing; merge does.
    return compareReport(
      campaign,
      rows.map((row, i) => ({
        executor: { spec: names[i]!, name: row.summary.executor, ...declaredField(declared[i]!) },
        row,
      })),
      { cwd, corpus: shard ? null : corpusDir, replayPrefix: commandPrefix(), judges },
      cut,
      leftOut,
    )
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
}

/**
 * Some executor had a violation (in a campaign
 * run or a pass^k replay), or tested nothing
 * (a shard leaves that to the merge).
 */
export function anyFailure(report: CompareReport): boolean {
  return report.rows.some(
    (r) =>
      r.summary.failingRuns > 0 ||
      (r.passK.rate !== null && r.passK.passed < r.passK.scenarios) ||
      (r.summary.nothingTested !== null && report.campaign.shard === null),
  )
}
