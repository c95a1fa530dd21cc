// A newcomer's first contact: `npm start` as the
// README says, timed whole (CLI start, every
// bundled executor, the HTML). Target: ≤ 30 s.
//
//   npm run bench                      # prints it
//   npx tsx bench/first-contact.ts
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './checkout-root.ts'

/** Seconds `npm start` takes, and its exit code. */
export async function firstContact(): Promise<{ seconds: number; code: number | null }> {
  // Its reports and corpus kept out of the tree.
  const out = mkdtempSync(join(tmpdir(), 'faultline-start-'))
  try {
    const start = performance.now()
    const code = await new Promise<number | null>((resolve) => {
      const npm = spawn('npm', ['start', '--', '--out', join(out, 'compare.json'), '--corpus', join(out, 'corpus')], {
        cwd: ROOT,
        stdio: 'ignore',
      })
      npm.on('close', resolve)
    })
    return { seconds: (performance.now() - start) / 1000, code }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

export async function firstContactLines(): Promise<string[]> {
  const { seconds, code } = await firstContact()
  return [
    '',
    'first contact: npm start (every bundled executor compared, the HTML drawn):',
    `  npm start                ${seconds.toFixed(1)} s, exit ${code}   (target ≤ 30 s, issue 26; exit 0: compare is a report, not a gate)`,
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await firstContactLines()) console.log(line)
