// FIFOs for tests of what the CLI reads: opening one
// with no writer blocks a thread for good, so each has
// a helper that opens its other end after 10 s. Code
// that regresses to a blocking open then fails the
// timing check of `refusedQuickly`, never hangs.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect } from 'vitest'

const helpers = new Set<ChildProcess>()

/** A FIFO in `dir` that nobody writes for 10 s. */
export function fifo(dir: string, name = 'pipe'): string {
  const path = join(dir, name)
  execFileSync('mkfifo', [path])
  const helper = spawn('sh', ['-c', 'sleep 10; : > "$1"', 'sh', path], { stdio: 'ignore' })
  helper.on('exit', () => helpers.delete(helper))
  helpers.add(helper)
  return path
}

/** Stop the helpers still waiting (an afterEach). */
export function stopFifoHelpers(): void {
  for (const h of helpers) h.kill()
  helpers.clear()
}

/** What `f` threw, well before a helper's 10 s. */
export function thrownQuickly(f: () => unknown): unknown {
  const started = performance.now()
  try {
    f()
  } catch (e) {
    expect(performance.now() - started).toBeLessThan(5000)
    return e
  }
  throw new Error('expected a throw')
}
