// An audit's replay command works from the
// directory the audit ran in: `npx faultline`
// runs there, with the paths as the user gave
// them; `npm run faultline --` runs in its
// project's root, so from a folder below it the
// paths are the root's. Run as printed, each
// replays the counterexample (exit 1, not 2).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_RESULT_SCHEMA, type AuditResult } from '../../../harness/audit/result.ts'
import { saveCounterexamples } from '../../../harness/jobs/audit-mapping.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { auditView } from '../../reports/support/audit.ts'

const CASE = 'gateway-timeout.finishes'
const SAVED = 'reports/out/audit-five-xx-as-rejected-gateway-timeout_finishes.json'

/** A result whose fetch cell was reached: a scenario five-xx-as-rejected fails. */
function reached(): AuditResult {
  const scenario = JSON.parse(readFileSync(join(ROOT, 'scenarios/named/gateway-504-upstream-finishes.json'), 'utf8'))
  const r = auditView()
  return AUDIT_RESULT_SCHEMA.parse({
    ...r,
    consequences: {
      ...r.consequences,
      cells: [
        {
          case: CASE,
          client: 'fetch',
          consequence: 'false-failure',
          status: 'reached',
          note: 'run 1, shrunk in 0 steps',
          firstRun: 1,
          judge: 'false-failure',
          counterexample: {
            scenario,
            violations: [],
            shrinks: 0,
            fastCheck: { seed: 1, path: '0' },
            reproduced: true,
          },
        },
      ],
    },
  })
}

/** The mapping (and what it imports) into dir/m/. */
function mappingIn(dir: string): void {
  mkdirSync(join(dir, 'm'), { recursive: true })
  for (const m of ['five-xx-as-rejected.ts', 'correct.ts'])
    copyFileSync(join(ROOT, 'examples/mappings', m), join(dir, 'm', m))
}

function replayOf(r: AuditResult) {
  const c = r.consequences.cells.find((x) => x.case === CASE)!.counterexample!
  return { file: c.file!, replay: c.replay! }
}

describe("an audit's replay command", () => {
  it('in a team’s project, below its root: `npx faultline` with the paths as given, run where the audit ran', async () => {
    const team = scratchDir('replay-team')
    writeFileSync(join(team, 'package.json'), JSON.stringify({ name: 'team', private: true }))
    const cwd = join(team, 'src')
    mappingIn(cwd)
    const { file, replay } = replayOf(saveCounterexamples(reached(), 'm/five-xx-as-rejected.ts', cwd))
    expect(file).toBe(SAVED)
    expect(existsSync(join(cwd, file))).toBe(true)
    expect(replay).toBe(`npx faultline run ${SAVED} --mapping m/five-xx-as-rejected.ts`)
    const run = await cli(replay.split(' ').slice(2), cwd)
    expect(run.err).not.toMatch(/not found/)
    expect(run.code).toBe(1)
    expect(run.out).toContain('false-failure')
  }, 60_000)

  it('in faultline’s checkout, from a folder below its root (examples/): `npm run faultline --` with paths from the root, where npm runs it', async () => {
    const root = scratchDir('replay-checkout')
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: 'faultline', scripts: { faultline: 'tsx faultline/cli/bin.ts' } }),
    )
    const cwd = join(root, 'examples')
    mappingIn(cwd)
    const { file, replay } = replayOf(saveCounterexamples(reached(), 'm/five-xx-as-rejected.ts', cwd))
    // The file, as the result records it: relative to where the audit ran.
    expect(file).toBe(SAVED)
    expect(replay).toBe(`npm run faultline -- run examples/${SAVED} --mapping examples/m/five-xx-as-rejected.ts`)
    // npm run runs in the root (npm's run.js: localPrefix).
    const run = await cli(replay.split(' ').slice(4), root)
    expect(run.err).not.toMatch(/not found/)
    expect(run.code).toBe(1)
    expect(run.out).toContain('false-failure')
  }, 60_000)

  it('quotes a path the shell would split, and keeps an absolute one as given', () => {
    const cwd = scratchDir('replay-quoted')
    const spaced = replayOf(saveCounterexamples(reached(), 'my maps/x.ts', cwd)).replay
    expect(spaced).toBe(`npx faultline run reports/out/audit-x-gateway-timeout_finishes.json --mapping 'my maps/x.ts'`)
    const absolute = join(cwd, 'x.ts')
    expect(replayOf(saveCounterexamples(reached(), absolute, cwd)).replay).toContain(`--mapping ${absolute}`)
  })
})
