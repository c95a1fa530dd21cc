import type BetterSqlite3 from 'better-sqlite3'

/**
 * Storage that survives a crash of the executor process that opened it.
 * The harness owns it; a process only borrows it.
 */
export interface DurableStorage {
  /**
   * A SQLite database (better-sqlite3's API) with the given name. The same
   * name gives the same data to every process booted on this storage.
   */
  sqlite(name: string): BetterSqlite3.Database
}
