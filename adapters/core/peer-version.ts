// The framework as installed, held to the floor
// of the range faultline declares: ai 6 loads,
// and its tools would be run as ai 7 runs them,
// passing on a channel 6 never fills (a probe).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { installCommand, peerRange } from '../../harness/contract/peer-range.ts'

const seen = new Map<string, string | null>()

/**
 * One line if `name`, as the adapter resolves
 * it, is older than faultline's peer range.
 */
export function peerVersionProblem(name: string, from: string = import.meta.url): string | null {
  const key = `${name}\0${from}`
  if (!seen.has(key)) seen.set(key, problemOf(name, from))
  return seen.get(key) ?? null
}

function problemOf(name: string, from: string): string | null {
  const range = peerRange(name)
  const version = installedVersion(name, from)
  if (!range || !version || !belowRange(version, range)) return null
  return `${name} ${version} is installed, older than faultline's adapter works with (${name} ${range}): ${installCommand(name)}`
}

/** The version Node would load from `from`. */
function installedVersion(name: string, from: string): string | null {
  // Not every package exports its package.json:
  // the folders Node looks in, in its order.
  for (const dir of createRequire(from).resolve.paths(name) ?? []) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version?: unknown }
      return typeof pkg.version === 'string' ? pkg.version : null
    } catch {}
  }
  return null
}

/**
 * Below `^M.m.p`'s floor? A newer one is let
 * through: a team upgrading its framework is not
 * stopped; another range form is not judged.
 */
export function belowRange(version: string, range: string): boolean {
  const want = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range)
  const have = /^(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (!want || !have) return false
  for (let i = 1; i <= 3; i++) {
    const [h, w] = [Number(have[i]), Number(want[i])]
    if (h !== w) return h < w
  }
  return false
}
