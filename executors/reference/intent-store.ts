// Where the intent log lives (rule 2). It must survive a crash, so a restarted
// process knows what may be in flight.
import type BetterSqlite3 from 'better-sqlite3'
import type { DurableStorage } from '../../harness/contract/storage.ts'

/** The database of the intent log, for a process booted on `storage`. */
export type IntentStore = (storage: DurableStorage) => BetterSqlite3.Database

/** The reference: the durable SQLite the harness gives every process. */
export const durableIntentStore: IntentStore = (storage) => storage.sqlite('intents')
