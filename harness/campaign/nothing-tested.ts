// A campaign in which no tool call reached a
// service tested nothing: never a pass. Says
// why, from the summary's own counts and what
// the first ask was told.
import type { Unsent } from '../judge/first-unsent.ts'

/** The summary's counts the reason is made of. */
export interface TestedCounts {
  readonly runs: number
  readonly requests: number
  readonly blocked: { readonly attempts: number; readonly hosts: readonly string[] }
  readonly notStarted: number
  readonly unresolved: { readonly calls: number }
  readonly verification: { readonly calls: number }
  /** The earliest run's first answer. */
  readonly unsent?: FirstUnsent | null
}

/** A run's first answer, and the run (1-based). */
export interface FirstUnsent extends Unsent {
  readonly run: number
}

/** Hosts named in a line, at most this many. */
const HOSTS_SHOWN = 3

/**
 * Why nothing was tested, or null: some tool
 * call had a request reach a service (or no
 * run was counted, as in an empty shard).
 */
export function nothingTested(s: TestedCounts): string | null {
  if (s.runs === 0 || s.verification.calls > 0) return null
  const why: string[] = []
  if (s.blocked.attempts > 0)
    why.push(`${plural(s.blocked.attempts, 'attempt')} to reach ${hostList(s.blocked.hosts)} refused`)
  why.push(`${plural(s.unresolved.calls, 'tool call')} answered`)
  if (s.notStarted) why.push(`${plural(s.notStarted, 'ask')} FAILED_NO_EFFECT before a request reached a service`)
  // Boot or recover() may reach a service; a
  // plan's tool call is what is tested.
  if (s.requests > 0) why.push(`${plural(s.requests, 'request')} reached one outside any tool call`)
  const u = s.unsent
  if (u) why.push(`the first answer (run ${u.run}, ${u.call}): ${u.status}, ${JSON.stringify(u.message)}`)
  return `no tool call reached a service in ${plural(s.runs, 'run')}: ${why.join('; ')}`
}

function hostList(hosts: readonly string[]): string {
  const shown = hosts.slice(0, HOSTS_SHOWN).join(', ')
  return hosts.length > HOSTS_SHOWN ? `${shown} and ${hosts.length - HOSTS_SHOWN} more` : shown
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
