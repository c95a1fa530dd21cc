// An executor whose name, throws, answers and
// prints carry text a terminal or CI runner would
// obey (a forged `::error`, ESC and BEL sequences,
// CR, C1, the old `##[` prefix), against the real
// CLI under GITHUB_ACTIONS=true: every format shows
// it escaped, the runner (modelled as it parses)
// reads no command but faultline's annotations,
// and the JSON keeps the exact text.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOSTILE_TEXT, THROWN } from '../fixtures/hostile/names-itself-hostile.ts'
import { OUR_ANNOTATION as OURS, RAW_CONTROL, runnerCommands } from '../support/actions-runner.ts'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const FIXTURE = join(ROOT, 'test/fixtures/hostile/names-itself-hostile.ts')

/** As a CI step runs it. */
const cli = (cwd: string, args: string[]): Promise<Ran> =>
  cliProcess(args, { cwd, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '' } })

describe.concurrent('an executor named and talking in control sequences and workflow commands', () => {
  it('gate: text, --junit, --html, --markdown and annotations show it escaped; the JSON keeps it exact', async () => {
    const dir = scratchDir('hostile-text')
    const r = await cli(dir, [
      'gate',
      '--executor',
      FIXTURE,
      '--runs',
      '5',
      '--workers',
      '1',
      '--run-timeout',
      '3000',
      '--no-corpus',
      '--out',
      'r.json',
      '--junit',
      'r.xml',
      '--html',
      'r.html',
      '--markdown',
      'r.md',
    ])
    expect(r.code, r.stderr).toBe(1)
    // It did print its forgeries (forwarded, broken).
    expect(r.stderr).toContain('\\::error::forged by console.log')
    expect(r.stderr).toContain('\r\\::notice::after a bare CR')
    expect(r.stderr).toContain('##\\[error]old style')
    const commands = runnerCommands(`${r.stdout}\n${r.stderr}`)
    expect(commands.length).toBeGreaterThan(0) // the annotation
    for (const c of commands) expect(c).toMatch(OURS)
    expect(r.stdout).not.toMatch(RAW_CONTROL)
    // Shown, visibly escaped, in the header line.
    expect(r.stdout).toContain(
      'executor x\\n::error file=a::forged\\x1b[31mred\\x1b]0;title\\x07\\r::warning::cr ##\\[error]old \\x9b2J, seed 1',
    )
    expect(r.stdout).toContain(
      'executor threw: Error: boom\\x1b[31m red\\x1b]0;title\\x07\\r::error::forged after a CR',
    )
    for (const file of ['r.xml', 'r.html', 'r.md']) {
      const text = readFileSync(join(dir, file), 'utf8')
      expect(text, file).not.toMatch(RAW_CONTROL)
      expect(text, file).toContain('forged')
      // Even printed in a log, nothing is a command
      // (Markdown: a code span keeps `##[`, not `::`).
      const found = runnerCommands(text)
      expect(file === 'r.md' ? found.filter((l) => l.trimStart().startsWith('::')) : found, file).toEqual([])
    }
    const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))
    expect(json.executor.name).toBe(HOSTILE_TEXT)
    expect(json.summary.executor).toBe(HOSTILE_TEXT)
    expect(json.counterexample.violations.map((v: { message: string }) => v.message)).toEqual(
      expect.arrayContaining([expect.stringContaining(THROWN)]),
    )
  })

  it('run: the history (its answer) is escaped; with --json the annotations on stderr are the only commands', async () => {
    const dir = scratchDir('hostile-text')
    const file = join(dir, 'scenario.json')
    const email = { to: 'customer@mail.test', template: 'answer', order_id: 'ORD-1' }
    // An e-mail: it answers (its throws: the gate above).
    const plan = [{ stepId: 's1', tool: 'send_email', args: email }]
    writeFileSync(file, JSON.stringify(refundScenario({ plan, model: { maxAsks: 1, regenerateArgs: false } })))
    const [text, json] = await Promise.all([
      cli(dir, ['run', file, '--executor', FIXTURE]),
      cli(dir, ['run', file, '--executor', FIXTURE, '--json']),
    ])
    expect(text.code, text.stderr).toBe(1)
    expect(text.stdout).not.toMatch(RAW_CONTROL)
    // The answer's message, one line in the history.
    expect(text.stdout).toContain(
      'ask 1 → UNKNOWN retry_safe=true (x\\n::error file=a::forged\\x1b[31mred\\x1b]0;title\\x07\\r::warning::cr ##\\[error]old \\x9b2J)\n',
    )
    for (const c of runnerCommands(`${text.stdout}\n${text.stderr}`)) expect(c).toMatch(OURS)
    expect(json.code, json.stderr).toBe(1)
    for (const c of runnerCommands(`${json.stdout}\n${json.stderr}`)) expect(c).toMatch(OURS)
    expect(json.stderr).toMatch(/^::error title=unknown-retry-safe::/m)
    const report = JSON.parse(json.stdout)
    expect(report.executor.name).toBe(HOSTILE_TEXT)
    expect(report.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'outcome-reported',
          envelope: expect.objectContaining({ message: HOSTILE_TEXT }),
        }),
      ]),
    )
  })
})
