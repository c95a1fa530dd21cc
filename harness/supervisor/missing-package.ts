// A module importing a package not installed
// fails to load; this says how to install it
// (the correct zoo's SDKs are optional peers).
import { createRequire } from 'node:module'

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

/** `npm install --save-dev`, at a peer's declared range. */
export function installCommand(name: string): string {
  const range = peerRange(name)
  return `npm install --save-dev ${range ? `"${name}@${range}"` : name}`
}

/** faultline's declared range for a peer, or null. */
export function peerRange(name: string): string | null {
  try {
    // Self-reference: same in a checkout and an install.
    const pkg = createRequire(import.meta.url)('faultline/package.json') as {
      peerDependencies?: Record<string, string>
    }
    return pkg.peerDependencies?.[name] ?? null
  } catch {
    return null
  }
}
