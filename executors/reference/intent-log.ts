// The intent log: one row per operation, written
// before anything is sent, in durable SQLite, so a
// restarted process knows what may be in flight.
import type BetterSqlite3 from 'better-sqlite3'

export type IntentStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED_NO_EFFECT' | 'UNKNOWN'

export interface Intent {
  readonly key: string
  readonly run_id: string
  readonly step_id: string
  readonly tool: string
  /** The exact body, resent byte for byte. */
  readonly body: string
  readonly status: IntentStatus
  /** 1: FAILED_NO_EFFECT is permanent (rejected). */
  readonly permanent: number
  readonly effect_id: string | null
  /**
   * The compensation, registered before the call:
   * JSON `{ tool, args }` lacking the effect's id.
   */
  readonly compensation: string | null
  /** Opened at: the key's age (kept 24 h). */
  readonly created_at: number
  readonly updated_at: number
}

export class IntentLog {
  readonly #get: BetterSqlite3.Statement<[string], Intent>
  readonly #open: BetterSqlite3.Statement<[string], Intent>
  readonly #insert: BetterSqlite3.Statement<[string, string, string, string, string, string | null, number, number]>
  readonly #forRun: BetterSqlite3.Statement<[string], Intent>
  readonly #update: BetterSqlite3.Statement<[string, number | null, string | null, number, string]>

  constructor(db: BetterSqlite3.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS intents (
      key TEXT PRIMARY KEY, run_id TEXT NOT NULL, step_id TEXT NOT NULL, tool TEXT NOT NULL,
      body TEXT NOT NULL, status TEXT NOT NULL, permanent INTEGER NOT NULL DEFAULT 0,
      effect_id TEXT, compensation TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`)
    this.#get = db.prepare('SELECT * FROM intents WHERE key = ?')
    this.#open = db.prepare(`SELECT * FROM intents WHERE status IN ('PENDING', 'UNKNOWN') AND key > ? ORDER BY key`)
    this.#insert = db.prepare(
      `INSERT INTO intents (key, run_id, step_id, tool, body, status, compensation, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
    )
    this.#forRun = db.prepare('SELECT * FROM intents WHERE run_id = ? ORDER BY rowid DESC')
    // `permanent` is sticky: a refusal stays known.
    this.#update = db.prepare(
      'UPDATE intents SET status = ?, permanent = COALESCE(?, permanent), effect_id = ?, updated_at = ? WHERE key = ?',
    )
  }

  get(key: string): Intent | undefined {
    return this.#get.get(key)
  }

  /** Intents PENDING or UNKNOWN, for the sweeper. */
  unresolved(): Intent[] {
    return this.#open.all('')
  }

  /** Record the intent before the first send. */
  open(
    key: string,
    runId: string,
    stepId: string,
    tool: string,
    body: string,
    compensation: string | null = null,
  ): Intent {
    const now = Date.now()
    this.#insert.run(key, runId, stepId, tool, body, compensation, now, now)
    return this.get(key)!
  }

  /** The run's intents, newest first. */
  forRun(runId: string): Intent[] {
    return this.#forRun.all(runId)
  }

  mark(key: string, status: IntentStatus, opts: { permanent?: boolean; effectId?: string | null } = {}): void {
    this.#update.run(
      status,
      opts.permanent === undefined ? null : opts.permanent ? 1 : 0,
      opts.effectId ?? null,
      Date.now(),
      key,
    )
  }
}
