// A run may signal only its own process (which
// ends the worker, as exiting does), never
// another: the parent is the supervisor.
import { constants } from 'node:os'

/** Ends the worker, saying how; never returns. */
export type EndWorker = (how: string, code: number) => never

/** Its own pid or group: the worker's end. */
const own = (pid: number) => pid === process.pid || pid === 0 || pid === -process.pid

/**
 * process.kill, and process._kill beneath it
 * (any code can reach it), for good.
 */
export function ruleSignals(endWorker: EndWorker): void {
  process.kill = ((pid: number, signal?: string | number) => {
    if (own(pid))
      return endWorker(`process.kill(${pid}${signal === undefined ? '' : `, ${JSON.stringify(signal)}`})`, 1)
    throw Object.assign(new Error(`kill EPERM (faultline: a run may not signal other processes)`), {
      code: 'EPERM',
      errno: -1,
      syscall: 'kill',
    })
  }) as typeof process.kill
  // The handle answers EPERM as libuv does.
  const handle = process as unknown as { _kill(pid: number, signal: number): number }
  handle._kill = (pid, signal) => {
    if (own(pid)) return endWorker(`process._kill(${pid}, ${JSON.stringify(signal)})`, 1)
    return -constants.errno.EPERM
  }
}
