// The messages SES accepted, by MessageId: what
// GetMessageInsights reads (no other lookup).

export interface SesTag {
  readonly Name: string
  readonly Value: string
}

export interface SesMessage {
  readonly id: string
  readonly from: string
  readonly to: readonly string[]
  readonly subject: string | null
  readonly tags: readonly SesTag[]
  /** Epoch ms it was accepted. */
  readonly at: number
  /** When reads see it (visibility lag). */
  readonly visibleAt: number
}

export class SesStore {
  readonly #byId = new Map<string, SesMessage>()

  add(message: SesMessage): void {
    this.#byId.set(message.id, message)
  }

  get(id: string): SesMessage | undefined {
    return this.#byId.get(id)
  }

  /** The first message carrying this tag (any visibility). */
  withTag(tag: SesTag): SesMessage | undefined {
    for (const m of this.#byId.values()) if (m.tags.some((t) => t.Name === tag.Name && t.Value === tag.Value)) return m
    return undefined
  }
}
