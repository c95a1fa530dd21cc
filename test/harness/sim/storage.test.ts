// A finished run's leftover code (fired between
// runs in a worker) must not get a fresh, empty
// database that looks like durable state.
import { describe, expect, it } from 'vitest'
import { ProcessTable } from '../../../harness/sim/process-table.ts'
import { SimStorage } from '../../../harness/sim/storage.ts'

describe('SimStorage', () => {
  it('keeps a database across handles while open, and refuses every name once closed', () => {
    const storage = new SimStorage()
    const processes = new ProcessTable([], () => {})
    const view = storage.forProcess(processes.boot(), processes)
    view.sqlite('ops').exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)')
    expect(view.sqlite('ops').prepare('SELECT x FROM t').get()).toEqual({ x: 1 })
    storage.close()
    expect(() => view.sqlite('ops')).toThrow('storage.sqlite: the run is over; its storage is closed')
    expect(() => view.sqlite('another')).toThrow('the run is over')
  })
})
