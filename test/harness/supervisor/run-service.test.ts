// A campaign in the caller's thread keeps what
// passes through between runs (interception,
// ESM forwarders, the write guard) installed
// while it lasts, and leaves the thread as found.
import fs from 'node:fs'
import * as httpEsm from 'node:http'
import * as timersEsm from 'node:timers'
import { describe, expect, it } from 'vitest'
import { naive } from '../../../executors/naive.ts'
import { search } from '../../../harness/campaign/search.ts'
import { shrink } from '../../../harness/campaign/shrink.ts'
import { InThreadRunService } from '../../../harness/supervisor/run-service.ts'
import { scenarioArbitrary, scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const SEED = 1

/** What a run patches, as this thread has it. */
const thread = () => ({
  fetch: globalThis.fetch,
  writeFileSync: fs.writeFileSync,
  setTimeout: timersEsm.setTimeout,
  // msw patches node:http; ESM sees it on a sweep.
  request: httpEsm.request,
  get: httpEsm.get,
})

describe('InThreadRunService', () => {
  it('holds the write guard and ESM forwarders while open, and undoes them at close', async () => {
    const before = thread()
    const service = new InThreadRunService(naive)
    let open: ReturnType<typeof thread>
    try {
      open = thread()
    } finally {
      await service.close()
    }
    expect(open.writeFileSync).not.toBe(before.writeFileSync)
    expect(open.setTimeout).not.toBe(before.setTimeout) // a forwarder
    expect(thread()).toEqual(before)
  })

  it('a search and a shrink in this thread leave it as they found it', async () => {
    console.log(`in-thread search and shrink: seed ${SEED}, 200 runs (replay: this test)`)
    const before = thread()
    const found = await search(naive, {
      runs: 200,
      seed: SEED,
      stopAtFirstFailure: true,
      generator: scenarioGenerator(),
    })
    expect(found.counterexample).not.toBeNull()
    expect(thread()).toEqual(before)
    const c = found.counterexample!
    await shrink(naive, scenarioArbitrary(), SEED, Number(c.path), c.judge)
    // Before: shrink's own service stayed open
    // (fetch intercepted after it returned).
    const after = thread()
    expect(after.fetch).toBe(before.fetch)
    expect(after).toEqual(before)
  })
})
