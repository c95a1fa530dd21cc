// No inspector in a run's worker: a session
// on the host's main thread runs code there,
// beyond every guard (a SIGKILL to the
// supervisor, a child process); one on the
// worker reads and rewrites the harness's own
// closures. Refused as Node refuses one where
// the inspector is not built in.
import inspector from 'node:inspector'
import { patchProperty, undoAll, type Patch } from '../sim/patch.ts'

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
  try {
    patch(inspector.Session.prototype, 'connect', 'inspector.Session#connect')
    patch(inspector.Session.prototype, 'connectToMainThread', 'inspector.Session#connectToMainThread')
    patch(inspector, 'open', 'inspector.open')
    const binding = (process as unknown as { binding(name: string): object }).binding('inspector')
    for (const key of ['Connection', 'MainThreadConnection', 'open'])
      patch(binding, key, `process.binding('inspector').${key}`)
  } catch (e) {
    undoAll(patches)
    throw e
  }
  return { undo: () => undoAll(patches) }
}
