// The merge: shards' --out files as the whole
// campaign would have reported it; counterexamples
// are saved in the corpus again.
import { CorpusError } from '../campaign/corpus.ts'
import { merge, MergeError, parseReport, type Input } from '../campaign/merge.ts'
import type { CompareReport, GateReport } from '../campaign/report-schema.ts'
import { readJsonFile } from './json-file.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

export interface MergeOptions {
  /** The shards' --out files (relative to `cwd`). */
  readonly files: readonly string[]
  /** Where paths resolve and the corpus lives (default: cwd). */
  readonly cwd?: string
}

export function mergeJob(options: MergeOptions): GateReport | CompareReport {
  const cwd = options.cwd ?? process.cwd()
  if (options.files.length === 0)
    throw new UsageError('merge needs the --out files of every shard: faultline merge shard-1.json shard-2.json …')
  const inputs = options.files.map((file): Input => ({ file, report: read(file, cwd) }))
  try {
    const first = inputs[0]!.report
    const campaign = first.command === 'run' ? null : first.campaign
    // The shards' own --judge modules,
    // so a replay judges as they did.
    return merge(inputs, {
      cwd,
      corpus: campaign?.corpus ?? null,
      replayPrefix: commandPrefix(),
      judges: campaign?.judges ?? null,
    })
  } catch (e) {
    if (e instanceof MergeError || e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
}

function read(file: string, cwd: string) {
  const json = readJsonFile(file, cwd, 'merge takes the files shards wrote with --out')
  try {
    return parseReport(json, file)
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message)
    throw e
  }
}
