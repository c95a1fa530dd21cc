// A run's worker has no inspector: neither a session
// (on its own thread or the host's main thread) nor
// the port, through node:inspector or its binding;
// the ESM view refuses too, and undo puts all back.
import inspector from 'node:inspector'
import * as inspectorEsm from 'node:inspector'
import { syncBuiltinESMExports } from 'node:module'
import { afterEach, describe, expect, it } from 'vitest'
import { refuseInspector } from '../../../harness/supervisor/inspector-refusal.ts'

type Binding = Record<string, (...args: unknown[]) => unknown>
const binding = (process as unknown as { binding(name: string): Binding }).binding('inspector')
/** What the refusal replaces, as it is now. */
const current = () => ({
  connect: inspector.Session.prototype.connect,
  connectToMainThread: inspector.Session.prototype.connectToMainThread,
  open: inspector.open,
  Connection: binding.Connection,
  MainThreadConnection: binding.MainThreadConnection,
  bindingOpen: binding.open,
})
const originals = current()
const REFUSED = expect.objectContaining({
  code: 'ERR_INSPECTOR_NOT_AVAILABLE',
  message: "Inspector is not available (faultline: a run may not inspect the harness's threads)",
})

describe('refuseInspector', () => {
  let undo = () => {}
  afterEach(() => undo())

  it("refuses a session on this thread or the main one, the port, and the binding's", () => {
    // As the worker: refused, then one sweep.
    const refusal = refuseInspector()
    syncBuiltinESMExports()
    undo = () => {
      refusal.undo()
      syncBuiltinESMExports()
    }
    const session = new inspector.Session()
    expect(() => session.connect()).toThrow(REFUSED)
    expect(() => session.connectToMainThread()).toThrow(REFUSED)
    expect(() => inspector.open(0)).toThrow(REFUSED)
    expect(() => inspectorEsm.open(0)).toThrow(REFUSED)
    expect(() => new (binding.MainThreadConnection as unknown as new () => object)()).toThrow(REFUSED)
    expect(() => new (binding.Connection as unknown as new () => object)()).toThrow(REFUSED)
    expect(() => binding.open!()).toThrow(REFUSED)
  })

  it('is undone: every original back', () => {
    refuseInspector().undo()
    expect(current()).toEqual(originals)
  })
})
