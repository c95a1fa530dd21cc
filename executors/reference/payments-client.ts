// The reference executor's HTTP client for the payments service: plain fetch,
// each request bounded by its own timeout.
import { classifyError, classifyResponse, type Classified } from './classify.ts'

export class PaymentsClient {
  readonly #base: string
  constructor(base: string) {
    this.#base = base
  }

  /** POST /v1/refunds with the stored body and the operation's key. */
  async createRefund(body: string, key: string, timeoutMs: number): Promise<Classified> {
    try {
      const response = await fetch(`${this.#base}/v1/refunds`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
      return await classifyResponse(response)
    } catch (e) {
      return classifyError(e)
    }
  }

  /** Probe: the refund of `paymentIntent` we tagged with `clientReference`, if the service has it. */
  async findRefund(paymentIntent: string, clientReference: string, timeoutMs: number): Promise<{ found: string | null } | { error: string }> {
    try {
      const response = await fetch(`${this.#base}/v1/refunds?payment_intent=${encodeURIComponent(paymentIntent)}&limit=100`, {
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) return { error: `probe answered ${response.status}` }
      const list = (await response.json()) as { data?: { id: string; metadata?: Record<string, string> }[] }
      const hit = list.data?.find((r) => r.metadata?.client_reference === clientReference)
      return { found: hit?.id ?? null }
    } catch (e) {
      const c = classifyError(e)
      return { error: 'detail' in c ? c.detail : 'unknown error' }
    }
  }
}
