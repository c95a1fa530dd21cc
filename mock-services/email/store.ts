// The e-mail service's records: a plain map in
// insertion order (as the @mswjs/data table it
// replaces, cheaper). Lists are JSON text.

export interface Tag {
  readonly name: string
  readonly value: string
}

export interface Email {
  readonly object: 'email'
  readonly id: string
  readonly from: string
  readonly to: readonly string[]
  readonly subject: string
  readonly html: string | null
  readonly text: string | null
  readonly tags: readonly Tag[]
  readonly created_at: string
  readonly last_event: 'delivered'
}

interface Row {
  readonly id: string
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly html: string
  readonly text: string
  readonly tags: string
  readonly createdAt: string
  readonly seq: number
  readonly visibleAt: number
}

export class EmailStore {
  readonly #rows = new Map<string, Row>()
  #seq = 0

  create(e: Omit<Email, 'object' | 'last_event'> & { visibleAt: number }): Email {
    const row: Row = {
      id: e.id,
      from: e.from,
      to: JSON.stringify(e.to),
      subject: e.subject,
      html: e.html ?? '\u0000',
      text: e.text ?? '\u0000',
      tags: JSON.stringify(e.tags),
      createdAt: e.created_at,
      seq: ++this.#seq,
      visibleAt: e.visibleAt,
    }
    // A taken id throws, as @mswjs/data did.
    if (this.#rows.has(row.id))
      throw new Error(
        `Failed to create a "email" entity: an entity with the same primary key "${row.id}" ("id") already exists.`,
      )
    this.#rows.set(row.id, row)
    return toEmail(row)
  }

  get(id: string): { email: Email; visibleAt: number } | null {
    const row = this.#rows.get(id)
    return row ? { email: toEmail(row), visibleAt: row.visibleAt } : null
  }

  /** Every e-mail readable now, newest first. */
  all(isVisible: (visibleAt: number) => boolean): Email[] {
    return [...this.#rows.values()]
      .filter((r) => isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toEmail)
  }

  withTag(tag: Tag, isVisible: (visibleAt: number) => boolean): Email[] {
    const needle = JSON.stringify(tag)
    return [...this.#rows.values()]
      .filter((r) => r.tags.includes(needle) && isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toEmail)
  }
}

function toEmail(row: Row): Email {
  return {
    object: 'email',
    id: row.id,
    from: row.from,
    to: JSON.parse(row.to) as string[],
    subject: row.subject,
    html: row.html === '\u0000' ? null : row.html,
    text: row.text === '\u0000' ? null : row.text,
    tags: JSON.parse(row.tags) as Tag[],
    created_at: row.createdAt,
    last_event: 'delivered',
  }
}
