// The payment service's records in @mswjs/data,
// one database per instance. Metadata: JSON text.
import { type factory, primaryKey } from '@mswjs/data'
import { newDatabase } from '../database.ts'

export interface PaymentIntent {
  readonly id: string
  readonly object: 'payment_intent'
  readonly amount: number
  readonly amount_received: number
  readonly currency: string
  readonly status: 'succeeded' | 'requires_payment_method'
  readonly metadata: Record<string, string>
  readonly created: number
  readonly livemode: false
}

export interface Refund {
  readonly id: string
  readonly object: 'refund'
  readonly amount: number
  readonly currency: string
  readonly payment_intent: string
  readonly charge: string
  readonly status: 'succeeded'
  readonly reason: string | null
  readonly metadata: Record<string, string>
  readonly created: number
}

const schema = {
  paymentIntent: {
    id: primaryKey(String),
    amount: Number,
    amountRefunded: Number,
    currency: String,
    status: String,
    metadata: String,
    created: Number,
    seq: Number,
    visibleAt: Number,
  },
  refund: {
    id: primaryKey(String),
    amount: Number,
    currency: String,
    paymentIntent: String,
    reason: String,
    metadata: String,
    created: Number,
    seq: Number,
    visibleAt: Number,
  },
}

type Db = ReturnType<typeof factory<typeof schema>>
type IntentRow = ReturnType<Db['paymentIntent']['create']>
type RefundRow = ReturnType<Db['refund']['create']>

export class PaymentsStore {
  readonly #db: Db = newDatabase(schema)
  #seq = 0

  createIntent(i: {
    id: string
    amount: number
    currency: string
    status: PaymentIntent['status']
    metadata: Record<string, string>
    created: number
    visibleAt: number
  }): PaymentIntent {
    return toIntent(
      this.#db.paymentIntent.create({
        ...i,
        amountRefunded: 0,
        metadata: JSON.stringify(i.metadata),
        seq: ++this.#seq,
      }),
    )
  }

  intent(id: string): PaymentIntent | null {
    const row = this.#db.paymentIntent.findFirst({ where: { id: { equals: id } } })
    return row ? toIntent(row) : null
  }

  intentVisibleAt(id: string): number | null {
    return this.#db.paymentIntent.findFirst({ where: { id: { equals: id } } })?.visibleAt ?? null
  }

  /** Minor units still refundable on an intent. */
  refundable(id: string): number {
    const row = this.#db.paymentIntent.findFirst({ where: { id: { equals: id } } })
    return row ? row.amount - row.amountRefunded : 0
  }

  createRefund(r: {
    id: string
    amount: number
    paymentIntent: string
    reason: string | null
    metadata: Record<string, string>
    created: number
    visibleAt: number
  }): Refund {
    const pi = this.#db.paymentIntent.findFirst({ where: { id: { equals: r.paymentIntent } } })
    if (!pi) throw new Error(`no payment intent ${r.paymentIntent}`)
    this.#db.paymentIntent.update({
      where: { id: { equals: pi.id } },
      data: { amountRefunded: pi.amountRefunded + r.amount },
    })
    return toRefund(
      this.#db.refund.create({
        ...r,
        currency: pi.currency,
        reason: r.reason ?? '',
        metadata: JSON.stringify(r.metadata),
        seq: ++this.#seq,
      }),
    )
  }

  refund(id: string): { refund: Refund; visibleAt: number } | null {
    const row = this.#db.refund.findFirst({ where: { id: { equals: id } } })
    return row ? { refund: toRefund(row), visibleAt: row.visibleAt } : null
  }

  /** Visible intents, newest first (Stripe's order). */
  intents(isVisible: (visibleAt: number) => boolean): PaymentIntent[] {
    return this.#db.paymentIntent
      .getAll()
      .filter((r) => isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toIntent)
  }

  /** Visible refunds, newest first. */
  refunds(paymentIntent: string | null, isVisible: (visibleAt: number) => boolean): Refund[] {
    const rows =
      paymentIntent === null
        ? this.#db.refund.getAll()
        : this.#db.refund.findMany({ where: { paymentIntent: { equals: paymentIntent } } })
    return rows
      .filter((r) => isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toRefund)
  }
}

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_received: row.status === 'succeeded' ? row.amount : 0,
    currency: row.currency,
    status: row.status as PaymentIntent['status'],
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    created: row.created,
    livemode: false,
  }
}

function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amount,
    currency: row.currency,
    payment_intent: row.paymentIntent,
    charge: row.paymentIntent.replace(/^pi_/, 'ch_'),
    status: 'succeeded',
    reason: row.reason === '' ? null : row.reason,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    created: row.created,
  }
}
