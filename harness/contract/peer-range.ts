// The range faultline declares for each peer
// (the frameworks and SDKs a team installs),
// and the command that installs one in it.
import { createRequire } from 'node:module'

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

/** `npm install --save-dev`, at a peer's declared range. */
export function installCommand(name: string): string {
  const range = peerRange(name)
  return `npm install --save-dev ${range ? `"${name}@${range}"` : name}`
}
