// An executor module that imports a package this installation lacks fails to
// load with Node's "Cannot find package 'stripe' imported from …": said here as
// what to do about it. The correct zoo's SDK executors meet it in any install
// without their SDK (stripe, resend and axios are faultline's optional peers);
// a user's executor, with whatever it imports. The audit names the same command
// for a client whose package is missing.
import { createRequire } from 'node:module'

/** The package a load failure says is missing — a bare package name, never a file — or null. */
export function missingPackage(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null
  const spec = /^Cannot find (?:package|module) '([^']+)'/.exec(e instanceof Error ? e.message : '')?.[1]
  if (!spec || /^(?:[./\\]|[a-z]:|file:|node:)/i.test(spec)) return null
  const parts = spec.split('/')
  return (spec.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/** One line: the package, and the command that installs it. */
export function missingPackageProblem(name: string): string {
  return `it needs the package "${name}", which is not installed (${installCommand(name)})`
}

/** `npm install --save-dev <name>`, at faultline's declared range for one of its optional peers. */
export function installCommand(name: string): string {
  const range = peerRange(name)
  return `npm install --save-dev ${range ? `"${name}@${range}"` : name}`
}

function peerRange(name: string): string | null {
  try {
    // faultline's own package.json, by self-reference: the same in a checkout and in an install.
    const pkg = createRequire(import.meta.url)('faultline/package.json') as { peerDependencies?: Record<string, string> }
    return pkg.peerDependencies?.[name] ?? null
  } catch {
    return null
  }
}
