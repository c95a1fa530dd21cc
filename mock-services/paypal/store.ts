// PayPal's records: orders, their captures, and
// the captures' refunds. Times in virtual ms.

export interface OrderRecord {
  readonly id: string
  status: 'CREATED' | 'COMPLETED'
  readonly referenceId: string
  readonly amount: number
  readonly currency: string
  readonly customId: string | null
  readonly invoiceId: string | null
  readonly cardLast4: string | null
  readonly captureIds: string[]
  readonly createdAt: number
  updatedAt: number
  readonly visibleAt: number
}

export interface CaptureRecord {
  readonly id: string
  readonly orderId: string
  readonly amount: number
  readonly currency: string
  readonly customId: string | null
  readonly invoiceId: string | null
  refunded: number
  readonly refundIds: string[]
  readonly createdAt: number
  updatedAt: number
  readonly visibleAt: number
  /** Transaction Search sees it from then. */
  readonly searchableAt: number
}

export interface RefundRecord {
  readonly id: string
  readonly captureId: string
  readonly amount: number
  readonly currency: string
  readonly customId: string | null
  readonly invoiceId: string | null
  readonly noteToPayer: string | null
  readonly createdAt: number
  readonly visibleAt: number
  readonly searchableAt: number
}

export class PaypalStore {
  readonly orders = new Map<string, OrderRecord>()
  readonly captures = new Map<string, CaptureRecord>()
  readonly refunds = new Map<string, RefundRecord>()
  #next = 1

  /** PayPal-like ids: 17 upper-case characters. */
  id(kind: 'O' | 'C' | 'R'): string {
    return `FL${kind}${String(this.#next++).padStart(14, '0')}`
  }

  /** Captures and refunds, oldest first. */
  transactions(): (CaptureRecord | RefundRecord)[] {
    return [...this.captures.values(), ...this.refunds.values()].sort((a, b) => a.createdAt - b.createdAt)
  }
}
