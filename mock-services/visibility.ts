// Asynchronous visibility: a read sees a write
// `lagMs` after its commit (a replica, a search
// index). Writes and business rules see the
// truth; probes may not.

export class Visibility {
  readonly #now: () => number
  readonly #lagMs: number

  constructor(now: () => number, lagMs: number) {
    this.#now = now
    this.#lagMs = lagMs
  }

  /** When something committed now becomes readable. */
  stamp(): number {
    return this.#now() + this.#lagMs
  }

  visible(visibleAt: number): boolean {
    return this.#now() >= visibleAt
  }
}
