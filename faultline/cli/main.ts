// The command line. Exit 0 clean, 1 a violation,
// 2 bad usage (one line), 3 the harness failed.
import { HarnessFailure, LoadFailure } from '../../harness/supervisor/pool.ts'
import { auditMappingCommand } from './audit-mapping.ts'
import { compareCommand } from './compare.ts'
import { gateCommand } from './gate.ts'
import { mergeCommand } from './merge.ts'
import { reportCommand } from './report.ts'
import { processIo, type Io } from './io.ts'
import { runCommand } from './run.ts'
import { serve } from './serve.ts'
import { USAGE } from './usage.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { version } from '../../harness/jobs/version.ts'
import { consoleText } from '../../reports/escape/console-text.ts'
import { term } from '../../reports/escape/terminal.ts'

export type { Io } from './io.ts'
export { USAGE } from './usage.ts'

const COMMANDS = {
  gate: gateCommand,
  compare: compareCommand,
  run: runCommand,
  merge: mergeCommand,
  report: reportCommand,
  serve,
  'audit-mapping': auditMappingCommand,
} as const

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  try {
    const [command, ...rest] = argv
    if (command === undefined)
      throw new UsageError(
        'no command: use gate, compare, run, merge, report, serve or audit-mapping (faultline --help)',
      )
    if (command === 'help' || command === '--help' || command === '-h') return (io.out(USAGE), 0)
    if (command === '--version' || command === '-v' || command === 'version') return (io.out(version()), 0)
    if (!Object.hasOwn(COMMANDS, command))
      throw new UsageError(
        `unknown command "${command}": use gate, compare, run, merge, report, serve or audit-mapping (faultline --help)`,
      )
    return await COMMANDS[command as keyof typeof COMMANDS](rest, io)
  } catch (e) {
    // A message may quote what an executor threw.
    // A module failing to load mid-campaign, in
    // the workers that replace one, is usage too.
    if (e instanceof UsageError || e instanceof LoadFailure) {
      io.err(consoleText(`faultline: ${term(e.message)}`))
      return 2
    }
    io.err(harnessFailed(e))
    return 3
  }
}

/**
 * Exit 3's line: the harness failed, not the
 * executor (1 would read as its finding).
 */
export function harnessFailed(e: unknown): string {
  const line = (
    e instanceof Error ? `${e instanceof HarnessFailure ? '' : `${e.name}: `}${e.message}` : String(e)
  ).split('\n')[0]
  return consoleText(`faultline: the harness itself failed (${term(line)}); please report it with the command you ran`)
}
