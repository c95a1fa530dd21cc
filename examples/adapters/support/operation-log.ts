// What the agent remembers of each operation, so a
// restarted process neither repeats one nor denies
// one that may have landed.
import type { DurableStorage } from '../../../faultline/index.ts'

export interface OperationEntry {
  /** new: nothing sent could have landed; in-doubt: it may have; unknown: for good. */
  readonly status: 'new' | 'in-doubt' | 'done' | 'refused' | 'unknown'
  readonly effectId: string | null
  /** When a request first left: keys live 24 h from it. */
  readonly firstSentAt: number | null
  /** Why, in a few words, for later answers. */
  readonly note: string
}

export interface OperationLog {
  get(key: string): OperationEntry
  put(key: string, entry: OperationEntry): void
}

const NEW: OperationEntry = { status: 'new', effectId: null, firstSentAt: null, note: '' }

/** In SQLite when given storage (it survives a crash), else in memory. */
export function operationLog(storage?: DurableStorage): OperationLog {
  if (!storage) {
    const entries = new Map<string, OperationEntry>()
    return { get: (key) => entries.get(key) ?? NEW, put: (key, entry) => void entries.set(key, entry) }
  }
  const db = storage.sqlite('support_operations')
  db.exec('CREATE TABLE IF NOT EXISTS operations (key TEXT PRIMARY KEY, entry TEXT NOT NULL)')
  const read = db.prepare<[string], { entry: string }>('SELECT entry FROM operations WHERE key = ?')
  const write = db.prepare<[string, string]>('INSERT OR REPLACE INTO operations VALUES (?, ?)')
  return {
    get: (key) => {
      const row = read.get(key)
      return row ? (JSON.parse(row.entry) as OperationEntry) : NEW
    },
    put: (key, entry) => void write.run(key, JSON.stringify(entry)),
  }
}
