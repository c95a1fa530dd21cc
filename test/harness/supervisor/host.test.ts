// A host ends itself and all it started once its
// supervisor is gone — even a supervisor that
// dies while the host is still loading.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const HOST = fileURLToPath(new URL('../../../harness/supervisor/host.mjs', import.meta.url))
const SETTINGS = JSON.stringify({
  memoryMb: 256,
  youngMb: 16,
  journalBytes: 65_536,
  outputBytes: 65_536,
  build: null,
  pipes: { supervisor: 3, runs: 4, results: 5, host: 6 },
})

/** A supervisor that starts a host, prints its pid, and dies after `ms`. */
function orphanedHost(ms: number): number {
  const supervisor = `
    import { spawn } from 'node:child_process'
    const host = spawn(process.execPath, [${JSON.stringify(HOST)}, ${JSON.stringify(SETTINGS)}], {
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    })
    process.stdout.write(String(host.pid))
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${ms})`
  // It dies by SIGKILL: its output is all.
  const { stdout } = spawnSync(process.execPath, ['--input-type=module', '-e', supervisor], { encoding: 'utf8' })
  const pid = Number(stdout)
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`the supervisor printed no host pid: ${stdout}`)
  return pid
}

/** Running (a zombie is not). */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z'
  } catch {
    return false
  }
}

async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; ) {
    if (!alive(pid)) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return !alive(pid)
}

describe.skipIf(process.platform !== 'linux')('a host whose supervisor dies', () => {
  // 0 ms: before the host has loaded (its
  // 'disconnect' then came with no listener).
  it.each([0, 1_000])('ends itself when the supervisor is killed %i ms after starting it', async (ms) => {
    const pid = orphanedHost(ms)
    try {
      expect(await gone(pid, 5_000)).toBe(true)
    } finally {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // gone
      }
    }
  })
})
