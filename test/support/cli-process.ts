// The real CLI as a process, for the hostile
// suites: its exit code and both streams. A
// command still running at the bound is killed
// (code null): that is how "ends" is checked.
import { execFile } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')
/** How long a command may run (ms). */
export const CLI_BOUND_MS = 90_000

export interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliProcessOptions {
  readonly cwd: string
  /** Added to this process's environment. */
  readonly env?: NodeJS.ProcessEnv
  /** Run under: e.g. `unshare -rn` (see offline). */
  readonly under?: readonly string[]
}

/**
 * The `faultline` command (bin/faultline.mjs):
 * in a checkout, the source as built for it.
 */
export const CLI_COMMAND: readonly string[] = [process.execPath, join(ROOT, 'bin/faultline.mjs')]

/**
 * In a network namespace with only loopback up:
 * nothing can leave, whatever the guard does.
 */
export const OFFLINE: readonly string[] = ['unshare', '-rn', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"']

export function cliProcess(args: readonly string[], options: CliProcessOptions): Promise<Ran> {
  const [file, ...rest] = [...(options.under ?? []), ...CLI_COMMAND, ...args]
  return new Promise((resolve) => {
    execFile(
      file!,
      rest,
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        timeout: CLI_BOUND_MS,
        maxBuffer: 64 * 2 ** 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr: error?.killed ? `${stderr}\n(killed: still running after 90 s)` : stderr })
      },
    )
  })
}

const HOSTILE = join(ROOT, 'test/fixtures/hostile')

/**
 * A small gate of a hostile fixture: one worker,
 * a tight real-time budget, JSON, no corpus.
 */
export function smallGate(fixture: string): string[] {
  const executor = `${HOSTILE}/${fixture}.ts`
  return [
    'gate',
    '--executor',
    executor,
    '--runs',
    '5',
    '--workers',
    '1',
    '--run-timeout',
    '1500',
    '--json',
    '--no-corpus',
  ]
}
