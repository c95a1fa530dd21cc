// The gate: the corpus replayed, then a campaign
// that stops at the first violation and shrinks it,
// and the declared coverage checked.
import { CorpusError, entryInShard, listEntries, type Replayed, readEntry, replayEntries } from '../campaign/corpus.ts'
import { checkCoverage, uncheckedCoverage, type Requirement } from '../campaign/min-coverage.ts'
import type { CorpusElsewhere, GateReport } from '../campaign/report-schema.ts'
import { gateReport, replayCommand, reportCounterexample, reportSummary } from '../campaign/report.ts'
import { search } from '../campaign/search.ts'
import { shardRunCount, type Shard } from '../campaign/shard.ts'
import { profileName, type ProfileFeature } from '../scenario/profile.ts'
import { vendorsName, type Vendors } from '../contract/vendors.ts'
import { samePairFor, unspokenVendor } from '../run/executor-declaration.ts'
import { type Scenario, scenarioVendors } from '../scenario/scenario.ts'
import {
  corpusOf,
  judgesOf,
  minCoverageOf,
  modulePath,
  poolOptions,
  profileOf,
  seedOf,
  vendorsOf,
  shardOf,
  whole,
  type SupervisionOptions,
} from './inputs.ts'
import { cutOf, loadFailedCut } from './cut.ts'
import { declaredField } from './declaration.ts'
import { loadJudges } from './judges.ts'
import { openPool, resolveExecutor } from './open-pool.ts'
import type { OnProgress } from './progress.ts'
import type { JobSetup } from './setup.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix, version } from './version.ts'

/** What every campaign job takes. */
export interface CampaignOptions extends SupervisionOptions {
  /** Generated runs (default 200). */
  readonly runs?: number
  /** The campaign's seed (default 1). */
  readonly seed?: number
  /** Beyond-the-vendor features (default: vendor-faithful). */
  readonly profile?: string | readonly ProfileFeature[]
  /**
   * The vendors the services play:
   * `payments=square,email=ses` or a pair
   * (default Stripe + Resend).
   */
  readonly vendors?: string | Partial<Vendors>
  /**
   * The failure corpus (default
   * `.faultline/corpus`); false: none.
   */
  readonly corpus?: string | false
  /** One share of the campaign (`i/n`); default: all of it. */
  readonly shard?: string | Shard | null
  /** Modules that define judges of the team's own. */
  readonly judges?: string | readonly string[]
  /** Where paths resolve and the corpus lives (default: cwd). */
  readonly cwd?: string
  readonly onProgress?: OnProgress
  /**
   * Abort to end the campaign early with the
   * verdict so far (cut.ts: the reasons).
   */
  readonly signal?: AbortSignal
  /**
   * Keep every run's record in the report
   * (default true: --out and --html need
   * them; false: memory flat in --runs).
   */
  readonly keepRuns?: boolean
}

export interface GateOptions extends CampaignOptions {
  /**
   * A bundled executor's name, or a module's
   * path (from `cwd`) or file: URL.
   */
  readonly executor: string | URL
  /** Coverage to reach: terms, a JSON file, or requirements. */
  readonly minCoverage?: string | readonly Requirement[]
}

export async function gateJob(options: GateOptions, setup: JobSetup): Promise<GateReport> {
  const cwd = options.cwd ?? process.cwd()
  const spec = modulePath(options.executor)
  const runs = whole(options.runs, 'runs', 200, 1)
  const seed = seedOf(options.seed)
  const profile = profileOf(options.profile)
  const vendors = vendorsOf(options.vendors)
  const requirements = minCoverageOf(options.minCoverage, cwd)
  const corpusDir = corpusOf(options.corpus)
  const shard = shardOf(options.shard)
  const judges = judgesOf(options.judges)
  const prefix = commandPrefix()
  const progress = options.onProgress
  await loadJudges(judges, cwd)
  const pool = await openPool(resolveExecutor(spec, cwd, setup.bundled), poolOptions(options))
  const unspoken = unspokenVendor(pool.declared, vendors)
  if (unspoken !== null) {
    await pool.close()
    throw new UsageError(
      `${spec} speaks ${pool.declared?.vendors?.join(', ')} (its declare()), not ${unspoken}: gate it with --vendors naming those, or gate an executor that speaks ${unspoken}`,
    )
  }
  const generator = setup.generator(profile, pool.declared, vendors)
  let result
  let corpus
  let elsewhere: CorpusElsewhere[] = []
  let lost: Replayed['unavailable'] = null
  progress?.({
    kind: 'start',
    label: `gate ${spec}`,
    total: shardRunCount(runs, shard),
  })
  try {
    const entries =
      corpusDir === null ? [] : listEntries(cwd, corpusDir, pool.executorName).filter((e) => entryInShard(e, shard))
    // An entry of vendors it no longer speaks
    // (its declare() changed) is not replayed.
    const spoken = entries
      .map((entry) => ({ entry, scenario: readEntry(cwd, entry) }))
      .filter(({ scenario }) => unspokenVendor(pool.declared, scenarioVendors(scenario)) === null)
    // One saved under features this gate's profile
    // lacks (a hostile service's) is not replayed:
    // the real vendor does not do what it failed on.
    // Nor one of other vendors for the services its
    // tools reach: this gate plays its pair (a compare
    // of both saved entries a one-vendor tool can
    // only fail: a probe).
    const ourPair = (s: Scenario) => samePairFor(pool.declared, scenarioVendors(s), vendors)
    const ours = (s: Scenario) => ourPair(s) && withinProfile(s, profile)
    const scenarios = spoken.filter((e) => ours(e.scenario))
    elsewhere = spoken
      .filter((e) => !ours(e.scenario))
      .map((e) => ({
        file: e.entry.file,
        profile: profileName(e.scenario.profile),
        ...(!ourPair(e.scenario) && { vendors: vendorsName(scenarioVendors(e.scenario)) }),
      }))
    if (scenarios.length)
      progress?.({
        kind: 'doing',
        what: `replaying ${scenarios.length} corpus entr${scenarios.length === 1 ? 'y' : 'ies'}`,
      })
    const replayed = await replayEntries(pool, scenarios, (file) => replayCommand(prefix, file, spec, judges))
    corpus = replayed.results
    lost = replayed.unavailable
    result = await search(pool, {
      runs,
      seed,
      stopAtFirstFailure: true,
      generator,
      shard,
      signal: options.signal,
      keepRuns: options.keepRuns ?? true,
      ...(progress && {
        onRun: (_i, violations) => progress({ kind: 'run', failed: violations.length > 0 }),
        onShrink: (i, judge) => progress({ kind: 'doing', what: `shrinking the ${judge} of run ${i + 1}` }),
      }),
    })
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  } finally {
    progress?.({ kind: 'end' })
    await pool.close()
  }
  const executor = { spec, name: result.summary.executor, ...declaredField(pool.declared) }
  const campaign = campaignInfo({ seed, runs, profile, vendors, corpus: corpusDir, judges, shard })
  let counterexample
  try {
    // A shard saves nothing: only the merge
    // knows which failure is the campaign's.
    counterexample = result.counterexample
      ? reportCounterexample(result.counterexample, executor, {
          cwd,
          corpus: shard ? null : corpusDir,
          replayPrefix: prefix,
          judges,
        })
      : null
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
  const summary = reportSummary(result.summary)
  // A shard's coverage is checked when the shards are merged.
  const minCoverage = shard ? uncheckedCoverage(requirements) : checkCoverage(requirements, summary.coverage)
  progress?.({
    kind: 'timing',
    runs: summary.runs,
    realMs: result.summary.realMs,
    medianSpeedup: result.summary.medianSpeedup ?? null,
  })
  // Entries not replayed: never a pass.
  const gone = lost
    ? `${lost.why} (${lost.left} corpus entr${lost.left === 1 ? 'y' : 'ies'} not replayed)`
    : result.unavailable
  // A signal's cut first: its exit code.
  const stopped = cutOf(options.signal)
  const cut =
    stopped?.by === 'interrupted' ? stopped : gone !== null ? loadFailedCut(gone) : result.cut ? stopped : null
  return gateReport({
    campaign,
    executor,
    summary,
    counterexample,
    corpus,
    corpusElsewhere: elsewhere,
    minCoverage,
    runs: result.runs,
    cut,
  })
}

/** Are all `scenario`'s profile features in `profile`? */
function withinProfile(scenario: Scenario, profile: readonly ProfileFeature[]): boolean {
  return (scenario.profile ?? []).every((f) => profile.includes(f))
}

/** What a report says of the campaign it comes from. */
export function campaignInfo(c: {
  seed: number
  runs: number
  profile: readonly ProfileFeature[]
  vendors: Vendors
  corpus: string | null
  judges: string | undefined
  shard: Shard | null
}) {
  const { seed, runs, corpus, shard } = c
  return {
    seed,
    runs,
    profile: profileName(c.profile),
    vendors: vendorsName(c.vendors),
    faultline: version(),
    corpus,
    judges: c.judges ?? null,
    shard,
  }
}
