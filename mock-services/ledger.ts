// The ledger of effects that really happened: the
// ground truth judges check reports against. The
// harness attributes each (attempt, call).

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
  /** The causing request's attempt number. */
  readonly attempt: number
  /** That request's tool call, per the harness. */
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
