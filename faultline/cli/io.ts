// Where a command writes: stdout for its report, stderr for everything else.

export interface Io {
  out(text: string): void
  err(text: string): void
  cwd: string
  /** The environment a command reads (shard conventions, CI: GITHUB_ACTIONS, GITHUB_STEP_SUMMARY, NO_COLOR); process.env when absent. */
  env?: Readonly<Record<string, string | undefined>>
  /** stderr when it is a terminal: a progress line is drawn there, in place. Absent or null: not a terminal, nothing is drawn. */
  tty?: { readonly columns: number; write(text: string): void } | null
  /** Real milliseconds, monotonic, for the progress line's rate and ETA (absent: the harness's real clock). Never read by the engine. */
  now?: () => number
}

const stderrTty: Io['tty'] = process.stderr.isTTY
  ? {
      get columns() {
        return process.stderr.columns || 80
      },
      write: (t: string) => void process.stderr.write(t),
    }
  : null

export const processIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), cwd: process.cwd(), env: process.env, tty: stderrTty }
