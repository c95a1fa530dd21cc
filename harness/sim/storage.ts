// Durable storage: in-memory SQLite outliving
// process generations. Handles are fenced and
// each write is a step a crash can follow; a
// crash ends the connection, not the data.
import Database from 'better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import type { DurableStorage } from '../contract/storage.ts'
import type { ProcessTable } from './process-table.ts'
import { currentContext } from './attribution.ts'

export class SimStorage {
  readonly #databases = new Map<string, BetterSqlite3.Database>()
  /** Open iterators keep a connection busy. */
  readonly #iterators = new Set<Iterator<unknown>>()
  #closed = false

  /** Storage as process `generation` sees it. */
  forProcess(generation: number, processes: ProcessTable): DurableStorage {
    return {
      sqlite: (name) => {
        processes.assertAlive(generation)
        return fenceDatabase(this.#open(name), generation, processes, this.#iterators)
      },
    }
  }

  /**
   * A crash: each connection ends as a real one
   * would. What was committed stays; an open
   * transaction rolls back; TEMP tables, pragmas
   * and functions go with the connection.
   */
  crashed(): void {
    this.#endIterators()
    for (const [name, db] of this.#databases) {
      try {
        if (db.inTransaction) db.exec('ROLLBACK')
        const image = db.serialize()
        db.close()
        this.#databases.set(name, new Database(image))
      } catch {
        // Not ours to lose: the connection stays.
      }
    }
  }

  #open(name: string): BetterSqlite3.Database {
    // No fresh database for a run's leftover.
    if (this.#closed) throw new Error('storage.sqlite: the run is over; its storage is closed')
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name))
      throw new Error(`storage.sqlite: name must be 1-64 characters of [A-Za-z0-9_.-], got ${JSON.stringify(name)}`)
    let db = this.#databases.get(name)
    if (!db) {
      db = new Database(':memory:')
      this.#databases.set(name, db)
    }
    return db
  }

  /** Close every database; the run is over. */
  close(): void {
    this.#closed = true
    this.#endIterators()
    for (const db of this.#databases.values()) db.close()
    this.#databases.clear()
  }

  /** Or close() throws: the connection is busy. */
  #endIterators(): void {
    for (const it of this.#iterators) it.return?.()
    this.#iterators.clear()
  }
}

/** Count a write; a crash may follow it. */
function wrote(generation: number, processes: ProcessTable): void {
  // Counts for the running call (also in recovery).
  processes.step(generation, 'after-write', currentContext()?.call ?? null)
  processes.assertAlive(generation)
}

function fenceDatabase(
  db: BetterSqlite3.Database,
  generation: number,
  processes: ProcessTable,
  iterators: Set<Iterator<unknown>>,
): BetterSqlite3.Database {
  // close() ends this handle, as a process's own
  // connection: the data stays for the next one.
  let closed = false
  const fenced: BetterSqlite3.Database = new Proxy(db, {
    get(target, prop) {
      if (prop === 'open') return !closed && target.open
      const value: unknown = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        processes.assertAlive(generation)
        if (closed) throw new TypeError('The database connection is not open')
        if (prop === 'close') {
          closed = true
          return fenced
        }
        if (prop === 'prepare')
          return fenceStatement(
            (value as (...a: unknown[]) => BetterSqlite3.Statement).apply(target, args),
            generation,
            processes,
            iterators,
            () => closed,
          )
        if (prop === 'transaction') {
          const tx = (value as (...a: unknown[]) => (...a: unknown[]) => unknown).apply(target, args)
          return (...txArgs: unknown[]) => {
            processes.assertAlive(generation)
            const out = tx(...txArgs)
            wrote(generation, processes)
            return out
          }
        }
        const out = (value as (...a: unknown[]) => unknown).apply(target, args)
        if (prop === 'exec') wrote(generation, processes)
        return out === target ? fenced : out // chains keep the fence
      }
    },
  })
  return fenced
}

function fenceStatement(
  stmt: BetterSqlite3.Statement,
  generation: number,
  processes: ProcessTable,
  iterators: Set<Iterator<unknown>>,
  closed: () => boolean,
): BetterSqlite3.Statement {
  const fenced: BetterSqlite3.Statement = new Proxy(stmt, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        processes.assertAlive(generation)
        if (closed()) throw new TypeError('The database connection is not open')
        const out = (value as (...a: unknown[]) => unknown).apply(target, args)
        if (prop === 'run' && !target.reader) wrote(generation, processes)
        if (prop === 'iterate') iterators.add(out as Iterator<unknown>)
        return out === target ? fenced : out // pluck(), raw(), … chain
      }
    },
  })
  return fenced
}
