// What stays on this machine: loopback
// addresses (127/8, ::1, v4-mapped 127/8),
// and the names RFC 6761 keeps for them.
import { BlockList, isIP } from 'node:net'

/** An address as a lookup answers it. */
export interface LookupAddress {
  readonly address: string
  readonly family: 4 | 6
}

// BlockList also matches the v4-mapped forms
// (::ffff:127.0.0.1, ::ffff:7f00:1).
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An IP address on loopback (never a name). */
export function isLoopbackAddress(address: unknown): boolean {
  if (typeof address !== 'string') return false
  const family = isIP(address)
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/** `localhost` or a name under it (any case). */
export function isLoopbackName(name: unknown): boolean {
  if (typeof name !== 'string') return false
  const h = name.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h.endsWith('.localhost')
}

/** A URL's host ([::1] too) that stays here. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1')
  return isLoopbackAddress(h) || isLoopbackName(h)
}

/**
 * What a loopback name resolves to, answered
 * here (getaddrinfo may ask a DNS server):
 * 127.0.0.1, or ::1 if only IPv6 is asked for.
 * As Debian's /etc/hosts: no second address,
 * so a closed port fails as one ECONNREFUSED.
 */
export function loopbackAddresses(family: number): LookupAddress[] {
  return family === 6 ? [{ address: '::1', family: 6 }] : [{ address: '127.0.0.1', family: 4 }]
}
