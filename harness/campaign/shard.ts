// A campaign split across machines: shard i of n
// runs the runs numbered i-1 modulo n (0-based).
// docs/campaigns.md; why: docs/internals/engine.md.

/** Shard `index` (1-based) of `total`. */
export interface Shard {
  readonly index: number
  readonly total: number
}

/** Does run `runIndex` (0-based) belong to this shard? */
export function inShard(runIndex: number, shard: Shard | null): boolean {
  return shard === null || runIndex % shard.total === shard.index - 1
}

/**
 * How many of `runs` runs are this shard's,
 * counted, not listed: --runs may be huge.
 */
export function shardRunCount(runs: number, shard: Shard | null): number {
  if (shard === null) return runs
  const first = shard.index - 1
  return runs > first ? Math.floor((runs - first - 1) / shard.total) + 1 : 0
}

/** Keeps a typo from becoming a million shards. */
export const MAX_SHARDS = 10_000

export type ShardParse = { readonly ok: true; readonly shard: Shard } | { readonly ok: false; readonly problem: string }

/** `i/n`, 1 ≤ i ≤ n. */
export function parseShard(text: string): ShardParse {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim())
  if (!m)
    return { ok: false, problem: `--shard must be i/n (e.g. --shard 2/3: the second of three shards), got "${text}"` }
  const index = Number(m[1])
  const total = Number(m[2])
  if (total < 1 || total > MAX_SHARDS)
    return { ok: false, problem: `--shard ${text}: the number of shards must be from 1 to ${MAX_SHARDS}` }
  if (index < 1 || index > total)
    return {
      ok: false,
      problem: `--shard ${text}: shards are numbered from 1 to ${total} (the environment's 0-based TEST_SHARD_INDEX is converted for you)`,
    }
  return { ok: true, shard: { index, total } }
}

export type ShardFromEnv =
  | { readonly ok: true; readonly shard: Shard | null; readonly source: string | null; readonly note: string | null }
  | { readonly ok: false; readonly problem: string }

/**
 * The shard the environment asks for (null:
 * none), with its source, or the problem with it.
 */
export function shardFromEnv(env: Readonly<Record<string, string | undefined>>): ShardFromEnv {
  const total = env.TEST_TOTAL_SHARDS
  const bazel = env.TEST_SHARD_INDEX
  const k8s = env.JOB_COMPLETION_INDEX
  if (total === undefined || total === '') {
    if (bazel !== undefined && bazel !== '')
      return {
        ok: false,
        problem: 'TEST_SHARD_INDEX is set but TEST_TOTAL_SHARDS is not: set both, or pass --shard i/n',
      }
    const note =
      k8s !== undefined && k8s !== ''
        ? "JOB_COMPLETION_INDEX is set but TEST_TOTAL_SHARDS is not, so this runs the whole campaign (set TEST_TOTAL_SHARDS to the Job's completions to shard it)"
        : null
    return { ok: true, shard: null, source: null, note }
  }
  const [name, index] =
    bazel !== undefined && bazel !== ''
      ? ['TEST_SHARD_INDEX', bazel]
      : k8s !== undefined && k8s !== ''
        ? ['JOB_COMPLETION_INDEX', k8s]
        : [null, null]
  if (name === null || index === null)
    return {
      ok: false,
      problem:
        'TEST_TOTAL_SHARDS is set but neither TEST_SHARD_INDEX nor JOB_COMPLETION_INDEX is: set one, or pass --shard i/n',
    }
  if (!/^\d+$/.test(total) || !/^\d+$/.test(index))
    return { ok: false, problem: `${name}=${index} and TEST_TOTAL_SHARDS=${total} must be whole numbers` }
  const parsed = parseShard(`${Number(index) + 1}/${total}`)
  if (!parsed.ok)
    return {
      ok: false,
      problem: `${name}=${index} (0-based) with TEST_TOTAL_SHARDS=${total}: the index must be from 0 to ${Number(total) - 1}`,
    }
  return { ok: true, shard: parsed.shard, source: `${name}=${index}, TEST_TOTAL_SHARDS=${total}`, note: null }
}
