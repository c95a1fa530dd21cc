// Where the intent log lives (rule 2): it must
// survive a crash, to show what may be in flight.
import type BetterSqlite3 from 'better-sqlite3'
import type { DurableStorage } from '../../harness/contract/storage.ts'

/** The intent log's database on `storage`. */
export type IntentStore = (storage: DurableStorage) => BetterSqlite3.Database

/** The reference: the harness's durable SQLite. */
export const durableIntentStore: IntentStore = (storage) => storage.sqlite('intents')
