// npm start: the comparison's leaderboard, and its
// HTML report written from the JSON, path printed.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..')
/** As the script does, from a folder of its own. */
const START = join(ROOT, 'scripts/start.mjs')

describe('npm start', () => {
  it('prints the leaderboard, writes the HTML report of the comparison and prints its path', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    // The checkout's build, not tsx's hooks (nor
    // tsx's CLI, a child process more).
    expect(pkg.scripts.start).toBe('node --max-semi-space-size=64 scripts/start.mjs')
    const cwd = scratchDir('start')
    const r = spawnSync(process.execPath, [START, '--executors', 'reference,naive', '--runs', '20', '--workers', '1'], {
      cwd,
      encoding: 'utf8',
    })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^faultline compare — the same 20 generated scenarios/)
    const path = /^faultline: HTML report: (\S+) \(/m.exec(r.stderr)?.[1]
    expect(path, r.stderr).toBe('reports/out/compare.html')
    const html = readFileSync(join(cwd, path!), 'utf8')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('data-executor="reference"')
    expect(html).toContain('class="counterexample"')
    expect(html).not.toMatch(/https?:\/\//)
    expect(existsSync(join(cwd, 'reports/out/compare.json'))).toBe(true)
  }, 120_000)

  it('draws nothing and keeps the exit code when the comparison does not run', () => {
    const cwd = scratchDir('start')
    const r = spawnSync(process.execPath, [START, '--executors', 'no-such-executor'], {
      cwd,
      encoding: 'utf8',
    })
    expect(r.status).toBe(2)
    expect(r.stderr).not.toContain('HTML report')
    expect(existsSync(join(cwd, 'reports/out/compare.html'))).toBe(false)
  }, 60_000)
})
