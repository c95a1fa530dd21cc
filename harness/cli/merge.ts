// `faultline merge`: the --out files of a campaign's shards, put back together;
// it prints exactly what the whole campaign prints (and exits as it would), saves
// the counterexamples in the corpus, and --out writes the merged result.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { reportJson } from '../../reports/json.ts'
import { renderCompare, renderGate } from '../../reports/text.ts'
import { CorpusError } from '../campaign/corpus.ts'
import { merge, MergeError, parseReport, type Input } from '../campaign/merge.ts'
import { withoutRuns } from '../campaign/report.ts'
import { writeOut } from './campaign-options.ts'
import type { Io } from './io.ts'
import { options } from './options.ts'
import { nestingDepth } from './scenario-file.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

/** A report nests ~15 levels (a counterexample's scenario, its history's envelopes); far fewer than a stack. */
const MAX_REPORT_DEPTH = 64

export async function mergeCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('merge', args, { json: { type: 'boolean' }, out: { type: 'string' } }, Number.MAX_SAFE_INTEGER)
  if (!parsed) return (io.out(COMMAND_USAGE.merge), 0)
  const { values, positionals } = parsed
  if (positionals.length === 0) throw new UsageError('merge needs the --out files of every shard: faultline merge shard-1.json shard-2.json …')
  const inputs = positionals.map((file): Input => ({ file, report: read(file, io.cwd) }))
  let report
  try {
    const first = inputs[0]!.report
    const corpus = first.command === 'run' ? null : first.campaign.corpus
    report = merge(inputs, { cwd: io.cwd, corpus, replayPrefix: commandPrefix() })
  } catch (e) {
    if (e instanceof MergeError || e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
  if (values.out) writeOut(values.out, reportJson(report), io.cwd)
  if (values.json) io.out(reportJson(withoutRuns(report)).trimEnd())
  else io.out(report.command === 'gate' ? renderGate(report) : renderCompare(report))
  return report.command === 'gate' && !report.passed ? 1 : 0
}

function read(file: string, cwd: string) {
  let text: string
  try {
    text = readFileSync(resolve(cwd, file), 'utf8')
  } catch {
    throw new UsageError(`cannot read ${file} (check the path: merge takes the files shards wrote with --out)`)
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (nestingDepth(text) > MAX_REPORT_DEPTH) throw new UsageError(`${file} nests deeper than any faultline report; is it the right file?`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON: ${(e as Error).message.split('\n')[0]}`)
  }
  try {
    return parseReport(json, file)
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message)
    throw e
  }
}
