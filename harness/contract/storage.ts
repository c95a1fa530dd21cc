import type BetterSqlite3 from 'better-sqlite3'

/**
 * Storage that survives a crash of the
 * process that opened it. The harness
 * owns it; a process only borrows it.
 */
export interface DurableStorage {
  /**
   * A SQLite database (better-sqlite3's
   * API) by name: the same name, the
   * same data, in every process on it.
   */
  sqlite(name: string): BetterSqlite3.Database
}
