// A campaign's input and output options: the shard
// (--shard, or CI's variables), --out, the corpus.
import { mkdirSync, utimesSync, writeFileSync, closeSync, openSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseShard, shardFromEnv, type Shard } from '../../harness/campaign/shard.ts'
import type { Io } from './io.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

export const CAMPAIGN_IO = {
  shard: { type: 'string' },
  out: { type: 'string' },
  corpus: { type: 'string' },
  'no-corpus': { type: 'boolean' },
} as const

/**
 * `--shard i/n`, else the environment's (Bazel's
 * TEST_SHARD_INDEX, a Kubernetes JOB_COMPLETION_INDEX).
 */
export function shardOption(value: unknown, io: Io): Shard | null {
  if (typeof value === 'string') {
    const parsed = parseShard(value)
    if (!parsed.ok) throw new UsageError(parsed.problem)
    return parsed.shard
  }
  const env = io.env ?? process.env
  const fromEnv = shardFromEnv(env)
  if (!fromEnv.ok) throw new UsageError(fromEnv.problem)
  if (fromEnv.note) io.err(`faultline: ${fromEnv.note}`)
  if (fromEnv.shard) {
    io.err(`faultline: shard ${fromEnv.shard.index}/${fromEnv.shard.total} (from ${fromEnv.source})`)
    // Bazel's protocol: a runner that shards touches this file to say so.
    const status = env.TEST_SHARD_STATUS_FILE
    if (status && env.TEST_SHARD_INDEX !== undefined) touch(status)
  }
  return fromEnv.shard
}

function touch(file: string): void {
  try {
    closeSync(openSync(file, 'a'))
    const now = new Date()
    utimesSync(file, now, now)
  } catch (e) {
    throw new UsageError(`cannot touch TEST_SHARD_STATUS_FILE ${file}: ${(e as Error).message.split('\n')[0]}`)
  }
}

/** The corpus directory as given, or false with --no-corpus. */
export function corpusOption(values: {
  corpus?: string | undefined
  'no-corpus'?: boolean | undefined
}): string | false | undefined {
  if (values['no-corpus'] && values.corpus !== undefined)
    throw new UsageError('--corpus and --no-corpus contradict each other: pass one')
  return values['no-corpus'] ? false : values.corpus
}

/** Write `--out FILE` (its directory made as needed). */
export function writeOut(file: string, text: string, cwd: string): void {
  const abs = resolve(cwd, file)
  try {
    mkdirSync(dirname(abs), { recursive: true })
    writeFileSync(abs, text)
  } catch (e) {
    throw new UsageError(`cannot write --out ${file}: ${(e as Error).message.split('\n')[0]}`)
  }
}
