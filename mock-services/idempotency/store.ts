// An idempotency-key store as real services keep
// one. Kept apart from the ledger: a store may
// forget, a ledger never.

export interface StoredResponse {
  readonly status: number
  readonly body: unknown
}

export type Reservation =
  | { readonly kind: 'reserved' } // first time: go ahead, then complete() or release()
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  | { readonly kind: 'mismatch' } // same key, other payload
  | { readonly kind: 'in-flight' } // same key, first request still being processed

interface Entry {
  readonly fingerprint: string
  readonly createdAt: number
  response: StoredResponse | null
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** Does it survive its service's restart? */
export type KeyStoreDurability = 'durable' | 'volatile'

export class IdempotencyStore {
  readonly #entries = new Map<string, Entry>()
  readonly #now: () => number
  readonly #retentionMs: number
  readonly durability: KeyStoreDurability
  #epoch = 0

  constructor(now: () => number, retentionMs = DAY_MS, durability: KeyStoreDurability = 'durable') {
    this.#now = now
    this.#retentionMs = retentionMs
    this.durability = durability
  }

  /**
   * The service restarted: reservations in flight go;
   * completed keys survive only in a durable store.
   */
  restart(): void {
    this.#epoch++
    if (this.durability === 'volatile') {
      this.#entries.clear()
      return
    }
    for (const [key, entry] of this.#entries) if (entry.response === null) this.#entries.delete(key)
  }

  /** Atomic: check and reserve in one sync step. */
  reserve(key: string, fingerprint: string): Reservation {
    const entry = this.#entries.get(key)
    if (entry && this.#now() - entry.createdAt >= this.#retentionMs) this.#entries.delete(key)
    const live = this.#entries.get(key)
    if (!live) {
      this.#entries.set(key, { fingerprint, createdAt: this.#now(), response: null })
      return { kind: 'reserved' }
    }
    if (live.fingerprint !== fingerprint) return { kind: 'mismatch' }
    if (live.response === null) return { kind: 'in-flight' }
    return { kind: 'replay', response: live.response }
  }

  /** Counts restarts: stale reservations are left. */
  get epoch(): number {
    return this.#epoch
  }

  /** Store the first response, if still `epoch`. */
  complete(key: string, response: StoredResponse, epoch = this.#epoch): void {
    const entry = this.#entries.get(key)
    if (entry && epoch === this.#epoch) entry.response = response
  }

  /** Forget a reservation with nothing to store. */
  release(key: string, epoch = this.#epoch): void {
    const entry = this.#entries.get(key)
    if (entry && entry.response === null && epoch === this.#epoch) this.#entries.delete(key)
  }

  get size(): number {
    return this.#entries.size
  }
}
