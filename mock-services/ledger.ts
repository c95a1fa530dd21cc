// The ledger of effects that really happened: the ground
// truth judges check reports against. Attribution (attempt,
// call) comes from the harness.

export interface LedgerEntry {
  readonly seq: number
  /** Virtual epoch ms. */
  readonly at: number
  readonly service: string
  /** `refund`, `charge`, … */
  readonly type: string
  /** The service's id for the effect (`re_…`). */
  readonly id: string
  readonly amount: number
  /** The harness's attempt number of the request that caused it. */
  readonly attempt: number
  /** Its request's tool call, as the harness knows it. */
  readonly call: string | null
  /**
   * What it acts on, if an earlier effect: a refund's
   * payment intent, a correction's original e-mail.
   */
  readonly target?: string | null
}

export type LedgerListener = (entry: LedgerEntry) => void

export class Ledger {
  readonly #entries: LedgerEntry[] = []
  readonly #listeners: LedgerListener[] = []

  append(entry: Omit<LedgerEntry, 'seq'>): LedgerEntry {
    const full = { seq: this.#entries.length, ...entry }
    this.#entries.push(full)
    for (const l of this.#listeners) l(full)
    return full
  }

  onAppend(listener: LedgerListener): void {
    this.#listeners.push(listener)
  }

  get entries(): readonly LedgerEntry[] {
    return this.#entries
  }
}
