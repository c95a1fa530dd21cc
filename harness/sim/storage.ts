// Durable storage for executor processes: SQLite databases the harness owns.
// They live in memory (fast, nothing to clean up) and survive any number of
// process generations; a process only ever gets handles to them.
import Database from 'better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import type { DurableStorage } from '../contract/storage.ts'

export class SimStorage implements DurableStorage {
  readonly #databases = new Map<string, BetterSqlite3.Database>()

  sqlite(name: string): BetterSqlite3.Database {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new Error(`storage.sqlite: name must be 1-64 characters of [A-Za-z0-9_.-], got ${JSON.stringify(name)}`)
    let db = this.#databases.get(name)
    if (!db) {
      db = new Database(':memory:')
      this.#databases.set(name, db)
    }
    return db
  }

  /** Close every database; the run is over. */
  close(): void {
    for (const db of this.#databases.values()) db.close()
    this.#databases.clear()
  }
}
