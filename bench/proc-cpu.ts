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

/** Each thread's CPU ms: this process's and its children's. */
export type ThreadTimes = Map<string, { readonly pid: number; readonly tid: number; readonly ms: number }>

function threadsOf(pid: number, into: ThreadTimes): void {
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')
      into.set(`${pid}/${t}`, { pid, tid: Number(t), ms: (Number(f[11]) + Number(f[12])) * TICK_MS })
    } catch {
      // ended meanwhile
    }
  }
}

/** Every thread's CPU so far, here and in the children. */
export function threadTimes(): ThreadTimes {
  const times: ThreadTimes = new Map()
  threadsOf(process.pid, times)
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      if (Number(statOf(Number(d))[1]) === process.pid) threadsOf(Number(d), times)
    } catch {
      // ended meanwhile
    }
  }
  return times
}

/** CPU ms between two reads, by role. */
export interface CpuByRole {
  /** This process's main thread (the verdict's). */
  readonly main: number
  /** Each child's busiest other thread: a run worker. */
  readonly workers: number
  /** The children's main threads (the hosts). */
  readonly hosts: number
  /** All other threads: V8's GC and compiler, libuv. */
  readonly helpers: number
}

export function cpuByRole(before: ThreadTimes, after: ThreadTimes): CpuByRole {
  let main = 0
  let hosts = 0
  let helpers = 0
  // A child's worker: its busiest non-main thread.
  const busiest = new Map<number, number>()
  for (const [key, t] of after) {
    const ms = t.ms - (before.get(key)?.ms ?? 0)
    if (t.pid === process.pid) {
      if (t.tid === t.pid) main += ms
      else helpers += ms
    } else if (t.tid === t.pid) hosts += ms
    else {
      const top = busiest.get(t.pid) ?? 0
      busiest.set(t.pid, Math.max(top, ms))
      helpers += Math.min(top, ms)
    }
  }
  const workers = [...busiest.values()].reduce((a, b) => a + b, 0)
  return { main, workers, hosts, helpers }
}

/**
 * CPU ms each of `pids` has used so far, all its
 * threads, ended ones too (fields 11–12).
 */
export function processesMs(pids: Iterable<number>): number {
  let ms = 0
  for (const pid of pids) {
    const f = statOf(pid)
    ms += (Number(f[11]) + Number(f[12])) * TICK_MS
  }
  return ms
}
