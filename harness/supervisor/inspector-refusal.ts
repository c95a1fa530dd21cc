// No inspector in a run's worker: a session
// on the host's main thread runs code there,
// beyond every guard (a SIGKILL to the
// supervisor, a child process); one on the
// worker reads and rewrites the harness's own
// closures. Refused as Node refuses one where
// the inspector is not built in.
import { createRequire } from 'node:module'
import { patchProperty, undoAll, type Patch } from '../sim/patch.ts'

type Inspector = typeof import('node:inspector')
const require = createRequire(import.meta.url)

/** A module or binding a build may lack. */
function optional<T>(load: () => T): T | null {
  try {
    return load()
  } catch {
    return null
  }
}

const WHY = "faultline: a run may not inspect the harness's threads"

function notAvailable(): Error {
  return Object.assign(new Error(`Inspector is not available (${WHY})`), { code: 'ERR_INSPECTOR_NOT_AVAILABLE' })
}

const refuse = function inspectorRefused(): never {
  throw notAvailable()
}

/**
 * Refuse sessions and the inspector's port:
 * node:inspector's and, beneath it, the
 * binding's (process.binding('inspector')).
 */
export function refuseInspector(): { undo(): void } {
  const patches: Patch[] = []
  const patch = (target: object, key: string, what: string) => {
    if (typeof (target as Record<string, unknown>)[key] === 'function')
      patches.push(patchProperty(target as Record<string, unknown>, key, refuse, `${what} (inspector refused)`))
  }
  // No inspector in this build: none to refuse.
  const inspector = optional(() => require('node:inspector') as Inspector)
  const binding = optional(() => (process as unknown as { binding(name: string): object }).binding('inspector'))
  try {
    if (inspector) {
      patch(inspector.Session.prototype, 'connect', 'inspector.Session#connect')
      patch(inspector.Session.prototype, 'connectToMainThread', 'inspector.Session#connectToMainThread')
      patch(inspector, 'open', 'inspector.open')
    }
    if (binding)
      for (const key of ['Connection', 'MainThreadConnection', 'open'])
        patch(binding, key, `process.binding('inspector').${key}`)
  } catch (e) {
    undoAll(patches)
    throw e
  }
  return { undo: () => undoAll(patches) }
}
