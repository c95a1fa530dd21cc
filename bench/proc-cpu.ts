// CPU ms from Linux /proc, for the benches: a
// pool's workers are child processes, which
// process.cpuUsage() does not see.
import { readdirSync, readFileSync } from 'node:fs'

/** A /proc stat's fields after the command. */
const statOf = (pid: number | 'self') => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
/** USER_HZ ticks (100 on Linux) in ms. */
const TICK_MS = 10

/**
 * CPU ms of this process (every thread) and of its
 * children ended and reaped (fields 11–14: utime,
 * stime, cutime, cstime).
 */
export function selfAndReapedMs(): number {
  const f = statOf('self')
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS
}

/** CPU ms the children running now have used. */
export function childrenSoFarMs(): number {
  let ms = 0
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const f = statOf(Number(d))
      if (Number(f[1]) === process.pid) ms += (Number(f[11]) + Number(f[12])) * TICK_MS
    } catch {
      // ended meanwhile
    }
  }
  return ms
}

/** The main thread's CPU ms. */
export function mainThreadMs(): number {
  const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(f[11]) + Number(f[12])) * TICK_MS
}
