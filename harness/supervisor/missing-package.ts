// A module importing a package not installed
// fails to load; this says how to install it
// (the correct zoo's SDKs are optional peers).
import { installCommand } from '../contract/peer-range.ts'

/** The bare package a load failure lacks, or null. */
export function missingPackage(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null
  const spec = /^Cannot find (?:package|module) '([^']+)'/.exec(e instanceof Error ? e.message : '')?.[1]
  return spec ? packageOf(spec) : null
}

/** A bare specifier's package ('ai/test': ai), or null for a path. */
export function packageOf(spec: string): string | null {
  if (/^(?:[./\\]|[a-z]:|file:|node:)/i.test(spec)) return null
  const parts = spec.split('/')
  return (spec.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/** One line: the package, and the command that installs it. */
export function missingPackageProblem(name: string): string {
  return `it needs the package "${name}", which is not installed (${installCommand(name)})`
}
