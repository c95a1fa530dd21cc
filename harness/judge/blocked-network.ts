import { eventsOf, type History } from '../history/history.ts'

export interface BlockedNetwork {
  /** Attempts refused beyond the mock services. */
  readonly attempts: number
  /** The hosts they named, sorted, once each (lower case; no trailing dot, no IPv6 brackets). */
  readonly hosts: readonly string[]
}

/**
 * A measure beside the executor-fault finding:
 * how much of the run went nowhere, and where
 * it tried to go.
 */
export function blockedNetwork(history: History): BlockedNetwork {
  const blocked = eventsOf(history, 'executor-fault').filter((e) => e.problem === 'blocked-network')
  const hosts = new Set(blocked.map((e) => (e.host === undefined ? '(unknown)' : hostName(e.host))))
  return { attempts: blocked.length, hosts: [...hosts].sort() }
}

/**
 * One name per host: DNS ignores case and the
 * root's dot; a URL brackets an IPv6 address
 * and writes a mapped IPv4 one in hex.
 */
function hostName(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .replace(MAPPED_HEX, (_, hi: string, lo: string) => `::ffff:${dotted(hi)}.${dotted(lo)}`)
}

/** ::ffff:5db8:d822 is ::ffff:93.184.216.34. */
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/

function dotted(group: string): string {
  const n = Number.parseInt(group, 16)
  return `${n >> 8}.${n & 255}`
}
