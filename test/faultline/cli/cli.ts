// The CLI run in this process: printed lines and
// exit code. The env is the test's own (empty unless
// given), so a CI variable never changes what a test
// sees; the cwd a fresh scratch dir unless given, so
// no command touches the repo's corpus or
// reports/out (name files by absolute path: ROOT).
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
