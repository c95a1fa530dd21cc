// A fixture module the load must refuse
// (test/fixtures/adapters/<framework>/<name>.ts),
// through gate() or the CLI: one line, exit 2.
import { join } from 'node:path'
import { expect } from 'vitest'
import { gate, UsageError } from '../../../faultline/index.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { scratchDir } from '../../support/scratch.ts'

const fixture = (framework: string, name: string) => join(ROOT, 'test/fixtures/adapters', framework, `${name}.ts`)

/** gate() refuses it with a UsageError (exit 2): its one-line message. */
export async function gateRefuses(framework: string, name: string): Promise<string> {
  const refused = gate({
    executor: fixture(framework, name),
    runs: 1,
    workers: 1,
    corpus: false,
    cwd: scratchDir(framework),
  })
  await expect(refused).rejects.toThrow(UsageError)
  // Rejected, as just checked: the first callback never runs.
  const message = await refused.then(
    () => '',
    (e: Error) => e.message,
  )
  expect(message).not.toContain('\n')
  return message
}

/** `faultline gate --executor` it exits 2: its one line on stderr. */
export async function cliRefuses(framework: string, name: string): Promise<string> {
  const r = await cli(['gate', '--executor', fixture(framework, name), '--runs', '5'])
  expect(r.code).toBe(2)
  expect(r.err.split('\n')).toHaveLength(1)
  return r.err
}
