// Where a command writes: stdout for its report, stderr for everything else.

export interface Io {
  out(text: string): void
  err(text: string): void
  cwd: string
  /** The environment read (shards, CI, NO_COLOR); default process.env. */
  env?: Readonly<Record<string, string | undefined>>
  /** stderr when a terminal (a progress line); else null. */
  tty?: { readonly columns: number; write(text: string): void } | null
  /** Real monotonic ms for the progress line's rate. */
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

export const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  cwd: process.cwd(),
  env: process.env,
  tty: stderrTty,
}
