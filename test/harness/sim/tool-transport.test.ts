// The run's tool-transport hook: which tools/call
// it strikes, what it records, and who may see it.
import { describe, expect, it } from 'vitest'
import type { ToolTransportFault } from '../../../harness/faults/catalogue.ts'
import { HistoryRecorder } from '../../../harness/history/history.ts'
import { runInContext } from '../../../harness/sim/attribution.ts'
import { ProcessTable } from '../../../harness/sim/process-table.ts'
import { toolTransport } from '../../../harness/contract/tool-transport.ts'
import { activateToolTransport, ToolTransportFaults } from '../../../harness/sim/tool-transport.ts'

const run = Symbol('run')
const dropped = (step: string, call: number): ToolTransportFault => ({
  kind: 'tool-response-dropped',
  boundary: 'tool-transport',
  step,
  call,
})

function hook(faults: ToolTransportFault[]) {
  const history = new HistoryRecorder(() => 0)
  const processes = new ProcessTable([], () => {})
  const generation = processes.boot()
  const faultsOf = new ToolTransportFaults(faults, history, processes, run)
  const inCall = (call: string | null, r: symbol = run) =>
    runInContext({ run: r, generation, call }, () => faultsOf.strike())
  return { history, processes, inCall }
}

describe('ToolTransportFaults', () => {
  it('strikes the n-th tools/call of its step, over every ask, and records it', () => {
    const { history, inCall } = hook([dropped('s1', 2)])
    expect(inCall('run-1/s1')).toBeNull()
    expect(inCall('run-1/s2')).toBeNull()
    expect(inCall('run-1/s1')?.kind).toBe('tool-response-dropped')
    expect(inCall('run-1/s1')).toBeNull()
    expect(history.close(0).filter((e) => e.type === 'fault-injected')).toEqual([
      expect.objectContaining({
        type: 'fault-injected',
        attempt: 0,
        call: 'run-1/s1',
        boundary: 'tool-transport',
        kind: 'tool-response-dropped',
      }),
    ])
  })

  it('never strikes outside a call, another run’s work, or a dead process’s', () => {
    const { inCall, processes } = hook([dropped('s1', 1)])
    expect(inCall(null)).toBeNull()
    expect(inCall('run-1/s1', Symbol('other'))).toBeNull()
    processes.boot() // generation 1 is no longer alive
    expect(inCall('run-1/s1')).toBeNull()
  })

  it('is found by any copy of the module, and gone after its undo', () => {
    const { inCall } = hook([])
    const mine = {
      strike: () => inCall('run-1/s1'),
      serverProcess: () => ({ run: <T>(fn: () => T) => fn(), kill() {} }),
    }
    const undo = activateToolTransport(mine)
    // A registered symbol: tsImport's copy sees it too.
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('faultline.tool-transport')]).toBe(mine)
    expect(toolTransport()).toBe(mine)
    expect(Object.keys(globalThis)).not.toContain('faultline.tool-transport')
    undo()
    expect(toolTransport()).toBeNull()
  })
})
