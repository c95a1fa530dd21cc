// The command line, run in this process for a test: what it printed, line by
// line, and its exit code. The environment is the test's own (empty unless
// given), so a CI variable of the machine (GITHUB_ACTIONS, a shard index) never
// changes what a test sees. The working directory is a fresh scratch one
// unless given, so a command never replays or writes the repository's own
// .faultline/corpus or reports/out: give files by absolute path (ROOT).
import { join } from 'node:path'
import { main, type Io } from '../../../faultline/cli/main.ts'
import { scratchDir } from '../../support/scratch.ts'

export const ROOT = join(import.meta.dirname, '..', '..', '..')

export async function cli(argv: readonly string[], cwd = scratchDir('cli'), env: Record<string, string> = {}) {
  const out: string[] = []
  const err: string[] = []
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), cwd, env }
  const code = await main(argv, io)
  return { code, out: out.join('\n'), err: err.join('\n'), outLines: out }
}
