// `faultline compare`: parse, call the library's compare,
// print the leaderboard. Exit 0 (a comparison is a report),
// or 1 with --fail-on-violation when any executor had one.
import { reportJson } from '../../reports/json.ts'
import { renderCompare } from '../../reports/text.ts'
import { withoutRuns } from '../../harness/campaign/report.ts'
import { anyFailure } from '../../harness/jobs/compare.ts'
import { realNow } from '../../harness/sim/real-clock.ts'
import { compare } from '../jobs.ts'
import { CAMPAIGN_IO, corpusOption, shardOption } from './campaign-options.ts'
import { checkCorpus, checkOutputs, writeOutput } from './output-file.ts'
import { campaignStop, MAX_TIME, maxTimeOption } from './campaign-stop.ts'
import type { Io } from './io.ts'
import { progressTo } from './progress.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { JUDGING, int, options, profileOption, seed, supervision, SUPERVISION, vendorsOption } from './options.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { type Vendors, vendorsName } from '../../harness/contract/vendors.ts'
import { COMMAND_USAGE } from './usage.ts'

export async function compareCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('compare', args, {
    executors: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    k: { type: 'string' },
    profile: { type: 'string' },
    vendors: { type: 'string', multiple: true as const },
    json: { type: 'boolean' },
    'fail-on-violation': { type: 'boolean' },
    ...CAMPAIGN_IO,
    ...MAX_TIME,
    ...REPORT_OUTPUTS,
    ...SUPERVISION,
    ...JUDGING,
  })
  if (!parsed) return (io.out(COMMAND_USAGE.compare), 0)
  const { values } = parsed
  checkOutputs(values, io)
  checkCorpus(corpusOption(values), io)
  // Each --vendors is a campaign of its own:
  // a leaderboard per pair, in the order given.
  const pairs = (values.vendors ?? [undefined]).map((v) => vendorsOption(v))
  if (pairs.length > 1) {
    const one = ['out', 'junit', 'markdown', 'html'].find((o) => values[o as keyof typeof values] !== undefined)
    if (one)
      throw new UsageError(
        `--${one} writes one campaign's report and ${pairs.length} --vendors make ${pairs.length}: give one --vendors per compare when writing --${one}`,
      )
  }
  const started = realNow()
  const stop = campaignStop(io, maxTimeOption(values['max-time']))
  try {
    const reports = []
    for (const vendors of pairs) {
      if (stop.signal.aborted) {
        // Cut: say which pairs never ran.
        const left = pairs.slice(reports.length).map(vendorsName)
        io.err(`faultline: the comparison was cut before ${left.join(', ')}: not run`)
        break
      }
      reports.push(await compareOne(vendors))
    }
    if (values.json && pairs.length > 1)
      io.out(`[\n${reports.map((r) => reportJson(withoutRuns(r)).trimEnd()).join(',\n')}\n]`)
    io.err(
      `faultline: ${reports.reduce((n, r) => n + r.rows.length, 0)} executor(s)${reports.length > 1 ? ` over ${reports.length} vendor pairs` : ''} in ${((realNow() - started) / 1000).toFixed(2)} s of real time`,
    )
    const codes = reports.map(
      (report) =>
        stop.exitCode(report) ??
        (values['fail-on-violation'] && anyFailure(report) ? 1 : report.cut?.by === 'load-failed' ? 2 : 0),
    )
    return Math.max(0, ...codes)
  } finally {
    stop.dispose()
  }

  async function compareOne(vendors: Vendors) {
    const report = await compare({
      judges: values.judge,
      executors: values.executors
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      runs: int(values.runs, 'runs', 200, 1),
      seed: seed(values.seed),
      k: int(values.k, 'k', 3, 1, 100),
      ...supervision(values),
      profile: profileOption(values.profile),
      vendors,
      corpus: corpusOption(values),
      shard: shardOption(values.shard, io),
      cwd: io.cwd,
      onProgress: progressTo(io).onProgress,
      signal: stop.signal,
      // Only these print every run: else memory stays flat.
      keepRuns: values.out !== undefined || values.html !== undefined,
    })
    if (values.out !== undefined) writeOutput('--out', values.out, reportJson(report), io)
    if (!(values.json && pairs.length > 1))
      io.out(values.json ? reportJson(withoutRuns(report)).trimEnd() : renderCompare(report))
    writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
    return report
  }
}
