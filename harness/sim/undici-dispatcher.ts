// Shim: the undici package's request(), fetch(),
// stream() and pipeline() reach the run's
// services. They ask the global dispatcher per
// call (lib/global.js); msw cannot see them:
// they open sockets. A stand-in answers the
// run's hosts (undici-answer.ts) and hands the
// rest to the original.
import { types } from 'node:util'
import type { Patch } from './patch.ts'
import { SignalRelease } from './signal-release.ts'
import { answer } from './undici-answer.ts'
import { type Handler, legacy } from './undici-handler.ts'
import { type DispatchOptions, urlOf } from './undici-request.ts'
import { dispatcherTimeouts, isStandIn, standsFor, symbolValue } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

/**
 * The slots undici reads: `.1` by 6.x and 7.x
 * (7.27+ writes `.2` too; 7.27.0-1 read it).
 */
const SLOTS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')]

interface Dispatcher {
  dispatch(options: DispatchOptions, handler: Handler): boolean
}

/**
 * Route the undici package's global requests
 * to the run until undone. Only over a plain
 * Agent: one with retries, interceptors or a
 * proxy would lose them (its sockets are
 * refused instead, and the finding says so).
 */
export function undiciGlobalDispatcher(): Patch {
  const g = globalThis as Record<symbol, unknown>
  const signals = new SignalRelease()
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const port = () => nextPort++
  const installed = SLOTS.flatMap((slot) => {
    const original = g[slot] as Dispatcher | undefined
    if (!isPlainAgent(original)) return []
    const ours = Object.create(original) as Dispatcher
    const route = (options: DispatchOptions, handler: Handler): boolean => {
      const url = urlOf(options)
      if (url === null || options.upgrade || !isSimulatedUrl(url)) return original.dispatch(options, handler)
      const timeouts = dispatcherTimeouts(original, options)
      void answer(url, options, legacy(handler), { ...timeouts, signals, port })
      return true
    }
    // The public seam, as MockAgent's: 6.x
    // Agents cache their inner dispatch.
    Object.defineProperty(ours, 'dispatch', { value: route })
    standsFor(ours, original)
    g[slot] = ours
    return [{ slot, original, ours }]
  })
  return {
    description: 'the undici global dispatcher',
    intact: () => installed.every((i) => g[i.slot] === i.ours),
    reinstate() {
      for (const i of installed) g[i.slot] = i.ours
    },
    undo() {
      signals.release()
      // Also over an app's own, set meanwhile:
      // each run starts from the same one.
      for (const i of installed) g[i.slot] = i.original
    },
  }
}

/**
 * An Agent of undici's (Node's own too), as
 * built: its default factory, no interceptors
 * or redirects (6.x), not a compose() Proxy
 * (7.x), not our own stand-in (nested mounts).
 * What it adds over a socket, the stand-in
 * plays (timeouts) or the mocks never need.
 */
function isPlainAgent(d: unknown): d is Dispatcher {
  try {
    if (typeof d !== 'object' || d === null || types.isProxy(d) || isStandIn(d)) return false
    if (typeof (d as Dispatcher).dispatch !== 'function' || d.constructor?.name !== 'Agent') return false
    const options = symbolValue(d, 'options') as { interceptors?: unknown } | undefined
    const factory = symbolValue(d, 'factory') as { name?: string } | undefined
    return (
      options?.interceptors === undefined && !symbolValue(d, 'maxRedirections') && factory?.name === 'defaultFactory'
    )
  } catch {
    return false // a throwing getter or trap
  }
}
