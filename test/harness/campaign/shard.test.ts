import { describe, expect, it } from 'vitest'
import { inShard, parseShard, shardFromEnv } from '../../../harness/campaign/shard.ts'

describe('shards', () => {
  it('give every run to exactly one shard, round robin', () => {
    for (const total of [1, 2, 3, 7]) {
      for (let run = 0; run < 50; run++) {
        const owners = Array.from({ length: total }, (_, i) => i + 1).filter((index) => inShard(run, { index, total }))
        expect(owners).toEqual([(run % total) + 1])
      }
    }
    expect(inShard(12, null)).toBe(true)
  })

  it('parse --shard i/n, 1-based, with a one-line problem otherwise', () => {
    expect(parseShard('2/3')).toEqual({ ok: true, shard: { index: 2, total: 3 } })
    for (const bad of ['0/3', '4/3', '1/0', 'two/3', '1-3', '']) expect(parseShard(bad).ok).toBe(false)
    expect(parseShard('0/3')).toMatchObject({ problem: expect.stringContaining('numbered from 1 to 3') })
  })

  it("read Bazel's TEST_SHARD_INDEX (0-based) and TEST_TOTAL_SHARDS", () => {
    expect(shardFromEnv({ TEST_SHARD_INDEX: '0', TEST_TOTAL_SHARDS: '3' })).toMatchObject({
      ok: true,
      shard: { index: 1, total: 3 },
    })
    expect(shardFromEnv({ TEST_SHARD_INDEX: '2', TEST_TOTAL_SHARDS: '3' })).toMatchObject({
      ok: true,
      shard: { index: 3, total: 3 },
    })
    expect(shardFromEnv({ TEST_SHARD_INDEX: '3', TEST_TOTAL_SHARDS: '3' })).toMatchObject({ ok: false })
    expect(shardFromEnv({ TEST_SHARD_INDEX: '1' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('TEST_TOTAL_SHARDS is not'),
    })
  })

  it("read a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based) with TEST_TOTAL_SHARDS, and only note it without a total", () => {
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '4', TEST_TOTAL_SHARDS: '5' })).toMatchObject({
      ok: true,
      shard: { index: 5, total: 5 },
      source: 'JOB_COMPLETION_INDEX=4, TEST_TOTAL_SHARDS=5',
    })
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '4' })).toMatchObject({
      ok: true,
      shard: null,
      note: expect.stringContaining('runs the whole campaign'),
    })
    expect(shardFromEnv({})).toEqual({ ok: true, shard: null, source: null, note: null })
  })
})
