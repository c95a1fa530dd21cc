// Requests a service refused as invalid. Its
// validation is a function of the parameters,
// so the same ones are refused again, whatever
// their key or wording: the judges assume a
// 400/422 will never succeed as it stands.

/** Answers a refused request again, in its service's shape. */
export type Refusal = () => Response

export class Refusals {
  readonly #by = new Map<string, Refusal>()

  /**
   * Refuse `slot` (method, path and canonical
   * parameters, no key) from now on.
   */
  refuse(slot: string, answer: Refusal): Response {
    if (!this.#by.has(slot)) this.#by.set(slot, answer)
    return this.#by.get(slot)!()
  }

  /**
   * The refusal again, or null if never refused;
   * the slot is worked out only once one was.
   */
  again(slot: () => string): Response | null {
    return this.#by.size === 0 ? null : (this.#by.get(slot())?.() ?? null)
  }

  get size(): number {
    return this.#by.size
  }
}
