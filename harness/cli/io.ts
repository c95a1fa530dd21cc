// Where a command writes: stdout for its report, stderr for everything else.

export interface Io {
  out(text: string): void
  err(text: string): void
  cwd: string
  /** The environment a command reads (shard conventions); process.env when absent. */
  env?: Readonly<Record<string, string | undefined>>
}

export const processIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), cwd: process.cwd(), env: process.env }
