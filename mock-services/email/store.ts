// The e-mail service's records in @mswjs/data.
// Recipients and tags are lists, stored as JSON text.
import { type factory, primaryKey } from '@mswjs/data'
import { newDatabase } from '../database.ts'

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

const schema = {
  email: {
    id: primaryKey(String),
    from: String,
    to: String,
    subject: String,
    html: String,
    text: String,
    tags: String,
    createdAt: String,
    seq: Number,
    visibleAt: Number,
  },
}

type Db = ReturnType<typeof factory<typeof schema>>
type Row = ReturnType<Db['email']['create']>

export class EmailStore {
  readonly #db: Db = newDatabase(schema)
  #seq = 0

  create(e: Omit<Email, 'object' | 'last_event'> & { visibleAt: number }): Email {
    return toEmail(
      this.#db.email.create({
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
      }),
    )
  }

  get(id: string): { email: Email; visibleAt: number } | null {
    const row = this.#db.email.findFirst({ where: { id: { equals: id } } })
    return row ? { email: toEmail(row), visibleAt: row.visibleAt } : null
  }

  /** Every e-mail readable now, newest first. */
  all(isVisible: (visibleAt: number) => boolean): Email[] {
    return this.#db.email
      .getAll()
      .filter((r) => isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toEmail)
  }

  withTag(tag: Tag, isVisible: (visibleAt: number) => boolean): Email[] {
    const needle = JSON.stringify(tag)
    return this.#db.email
      .findMany({ where: { tags: { contains: needle } } })
      .filter((r) => isVisible(r.visibleAt))
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
