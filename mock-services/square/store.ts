// Square's payments and refunds, as stored:
// the resources the reads answer, each with
// when it becomes visible to them.

export interface Money {
  readonly amount: number
  /** ISO 4217, upper case (`EUR`). */
  readonly currency: string
}

export type PaymentStatus = 'APPROVED' | 'COMPLETED' | 'CANCELED' | 'FAILED'

/** The fields of Square's Payment it keeps. */
export interface SquarePayment {
  readonly id: string
  readonly created_at: string
  updated_at: string
  readonly amount_money: Money
  readonly total_money: Money
  readonly approved_money: Money
  refunded_money?: Money
  status: PaymentStatus
  readonly source_type: 'CARD'
  readonly card_details: { status: string; readonly card: { readonly card_brand: string; readonly last_4: string } }
  readonly location_id: string
  readonly reference_id?: string
  readonly note?: string
  refund_ids?: string[]
  readonly receipt_number: string
}

export type RefundStatus = 'PENDING' | 'COMPLETED'

/** The fields of Square's PaymentRefund it keeps. */
export interface SquareRefund {
  readonly id: string
  status: RefundStatus
  readonly location_id: string
  readonly amount_money: Money
  readonly payment_id: string
  readonly reason?: string
  readonly created_at: string
  updated_at: string
}

interface Kept<T> {
  readonly item: T
  readonly visibleAt: number
}

export class SquareStore {
  readonly #payments = new Map<string, Kept<SquarePayment>>()
  readonly #refunds = new Map<string, Kept<SquareRefund>>()
  /** CreatePayment's key → its payment. */
  readonly #byKey = new Map<string, string>()

  addPayment(payment: SquarePayment, visibleAt: number, key: string | null): SquarePayment {
    this.#payments.set(payment.id, { item: payment, visibleAt })
    if (key !== null) this.#byKey.set(key, payment.id)
    return payment
  }

  payment(id: string): SquarePayment | undefined {
    return this.#payments.get(id)?.item
  }

  /** The payment a CreatePayment key made. */
  paymentByKey(key: string): SquarePayment | undefined {
    const id = this.#byKey.get(key)
    return id === undefined ? undefined : this.payment(id)
  }

  /** Not yet refunded of a payment, minor units. */
  refundable(paymentId: string): number {
    const p = this.payment(paymentId)
    return p ? p.amount_money.amount - (p.refunded_money?.amount ?? 0) : 0
  }

  addRefund(refund: SquareRefund, visibleAt: number): SquareRefund {
    this.#refunds.set(refund.id, { item: refund, visibleAt })
    const p = this.payment(refund.payment_id)
    if (p) {
      const refunded = (p.refunded_money?.amount ?? 0) + refund.amount_money.amount
      p.refunded_money = { amount: refunded, currency: p.amount_money.currency }
      p.refund_ids = [...(p.refund_ids ?? []), refund.id]
      p.updated_at = refund.created_at
    }
    return refund
  }

  refund(id: string): Kept<SquareRefund> | undefined {
    return this.#refunds.get(id)
  }

  paymentKept(id: string): Kept<SquarePayment> | undefined {
    return this.#payments.get(id)
  }

  /** Oldest first, those `visible`. */
  payments(visible: (at: number) => boolean): SquarePayment[] {
    return [...this.#payments.values()].filter((k) => visible(k.visibleAt)).map((k) => k.item)
  }

  refunds(visible: (at: number) => boolean): SquareRefund[] {
    return [...this.#refunds.values()].filter((k) => visible(k.visibleAt)).map((k) => k.item)
  }
}
