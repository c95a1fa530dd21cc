// How long a hung executor waits for its verdict:
// the real CLI at the default budgets on an
// executor whose every call is a busy loop, with
// the machine's cores kept busy meanwhile (one
// spinning process per core). Target: ≤ 60 s.
//
//   npm run bench                    # prints it last
//   npx tsx bench/hung-verdict.ts
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './checkout-root.ts'

const SPIN = 'for (;;) {}'

/** Seconds until the verdict, and its exit code. */
export async function hungVerdict(): Promise<{ seconds: number; code: number | null }> {
  const load = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }),
  )
  try {
    const start = performance.now()
    const code = await new Promise<number | null>((resolve) => {
      const cli = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(ROOT, 'faultline/cli/bin.ts'),
          'gate',
          '--executor',
          join(ROOT, 'test/fixtures/hostile/busy-loop.ts'),
          '--no-corpus',
        ],
        { cwd: ROOT, stdio: 'ignore' },
      )
      cli.on('close', resolve)
    })
    return { seconds: (performance.now() - start) / 1000, code }
  } finally {
    for (const p of load) p.kill('SIGKILL')
  }
}

export async function hungVerdictLines(): Promise<string[]> {
  const { seconds, code } = await hungVerdict()
  return [
    '',
    `a hung executor (busy-loop), gate at the default budgets, ${availableParallelism()} core(s) kept busy:`,
    `  verdict after            ${seconds.toFixed(1)} s, exit ${code}   (target ≤ 60 s, exit 1)`,
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await hungVerdictLines()) console.log(line)
