// Module loading as real work: with loader
// hooks (tsx) an import() waits for the loader
// thread's answer, which no async resource
// shows. Node refs that thread's port while an
// answer is owed (makeAsyncRequest in Node's
// lib/internal/modules/esm/hooks.js): found
// once, it says if a load is in flight.
import { executionAsyncId } from 'node:async_hooks'
import { MessagePort } from 'node:worker_threads'
import { calledFrom } from './call-sites.ts'

/** Where Node's loader asks its thread. */
const ASKS = { file: 'node:internal/modules/esm/hooks', fn: 'makeAsyncRequest' }

/** Node ≥ 18.1; not in @types/node 20. */
type Port = MessagePort & { hasRef(): boolean }

/** The loader thread's port, once found. */
let loaderPort: Port | null = null
/** Ports ref'd when a request began. */
let refdBefore: Set<unknown> | null = null
/** ...in this stretch of code (no other). */
let probeContext = -1

/** Ref'd message ports of this thread. */
function refdPorts(): Set<unknown> {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? []
  return new Set(handles.filter((h) => h instanceof MessagePort))
}

/** Is the loader asking its thread? */
const calledByLoader = (): boolean =>
  calledFrom((site) => site.getFileName() === ASKS.file && site.getFunctionName() === ASKS.fn, 8)

/**
 * A MESSAGEPORT init hook: true if Node's
 * loader opened it for a request. Until the
 * loader's port is found, it notes which ports
 * are ref'd, for `onPromiseInit`.
 */
export function loaderRequestStarts(): boolean {
  if (!calledByLoader()) return false
  if (loaderPort === null && refdBefore === null) {
    refdBefore = refdPorts()
    probeContext = executionAsyncId()
  }
  return true
}

/**
 * A PROMISE init hook. The first promise after
 * a request's port is the wait for its answer:
 * the loader's port was ref'd in between (no
 * other code runs there), if none was owed.
 */
export function onPromiseInit(): void {
  if (refdBefore === null) return
  const before = refdBefore
  refdBefore = null
  if (executionAsyncId() !== probeContext) return
  const added = [...refdPorts()].filter((p) => !before.has(p))
  if (added.length === 1) loaderPort = added[0] as Port
}

/**
 * Loads in flight: true, false, or null
 * until the loader's port is known.
 */
export function loading(): boolean | null {
  return loaderPort === null ? null : loaderPort.hasRef()
}
