// The payment service's records: plain maps, one
// pair per instance, in insertion order (as the
// @mswjs/data tables they replace, at a fraction
// of the cost). Metadata: JSON text.

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

interface IntentRow {
  readonly id: string
  readonly amount: number
  amountRefunded: number
  readonly currency: string
  readonly status: string
  readonly metadata: string
  readonly created: number
  readonly seq: number
  readonly visibleAt: number
}

interface RefundRow {
  readonly id: string
  readonly amount: number
  readonly currency: string
  readonly paymentIntent: string
  readonly reason: string
  readonly metadata: string
  readonly created: number
  readonly seq: number
  readonly visibleAt: number
}

export class PaymentsStore {
  readonly #intents = new Map<string, IntentRow>()
  readonly #refunds = new Map<string, RefundRow>()
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
    const row: IntentRow = {
      id: i.id,
      amount: i.amount,
      amountRefunded: 0,
      currency: i.currency,
      status: i.status,
      metadata: JSON.stringify(i.metadata),
      created: i.created,
      seq: ++this.#seq,
      visibleAt: i.visibleAt,
    }
    insert(this.#intents, 'paymentIntent', row)
    return toIntent(row)
  }

  intent(id: string): PaymentIntent | null {
    const row = this.#intents.get(id)
    return row ? toIntent(row) : null
  }

  intentVisibleAt(id: string): number | null {
    return this.#intents.get(id)?.visibleAt ?? null
  }

  /** Minor units still refundable on an intent. */
  refundable(id: string): number {
    const row = this.#intents.get(id)
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
    const pi = this.#intents.get(r.paymentIntent)
    if (!pi) throw new Error(`no payment intent ${r.paymentIntent}`)
    pi.amountRefunded += r.amount // before the insert, as it was
    const row: RefundRow = {
      id: r.id,
      amount: r.amount,
      currency: pi.currency,
      paymentIntent: r.paymentIntent,
      reason: r.reason ?? '',
      metadata: JSON.stringify(r.metadata),
      created: r.created,
      seq: ++this.#seq,
      visibleAt: r.visibleAt,
    }
    insert(this.#refunds, 'refund', row)
    return toRefund(row)
  }

  refund(id: string): { refund: Refund; visibleAt: number } | null {
    const row = this.#refunds.get(id)
    return row ? { refund: toRefund(row), visibleAt: row.visibleAt } : null
  }

  /** Visible intents, newest first (Stripe's order). */
  intents(isVisible: (visibleAt: number) => boolean): PaymentIntent[] {
    return [...this.#intents.values()]
      .filter((r) => isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toIntent)
  }

  /** Visible refunds, newest first. */
  refunds(paymentIntent: string | null, isVisible: (visibleAt: number) => boolean): Refund[] {
    return [...this.#refunds.values()]
      .filter((r) => (paymentIntent === null || r.paymentIntent === paymentIntent) && isVisible(r.visibleAt))
      .sort((a, b) => b.seq - a.seq)
      .map(toRefund)
  }
}

/** A new row; a taken id throws, as @mswjs/data did. */
function insert<Row extends { readonly id: string }>(rows: Map<string, Row>, model: string, row: Row): void {
  if (rows.has(row.id))
    throw new Error(
      `Failed to create a "${model}" entity: an entity with the same primary key "${row.id}" ("id") already exists.`,
    )
  rows.set(row.id, row)
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
