// A LangChain agent in a CommonJS package type-
// checks: @langchain/core declares its classes
// for require and import apart, and faultline's
// model, typed as the import one, was refused by
// the team's createAgent (a probe's tsc, TS2769).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')

describe('langChainLoopExecutor in a CommonJS project', () => {
  it('type-checks createAgent({ model }) with faultline’s model', () => {
    const r = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'test/fixtures/types-commonjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  }, 120_000)
})
