// A test executor that sends one refund with fetch
// and keeps what its client saw (error or status),
// to compare with the ledger's truth.
import type { Executor } from '../../harness/contract/executor.ts'

export interface Seen {
  status?: number
  body?: string
  error?: {
    name: string
    message: string
    code: string | undefined
    causeName: string | undefined
    causeCode: string | undefined
    causeSyscall: string | undefined
  }
}

export function oneShotExecutor(seen: Seen, timeoutMs: number | null = 5_000): Executor {
  return {
    name: 'one-shot',
    async boot(ctx) {
      return {
        async callTool() {
          try {
            const res = await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'one-shot-key' },
              body: 'payment_intent=pi_1&amount=4990',
              ...(timeoutMs === null ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
            })
            seen.status = res.status
            seen.body = await res.text()
          } catch (e) {
            const err = e as Error & { code?: string; cause?: Error & { code?: string; syscall?: string } }
            seen.error = {
              name: err.name,
              message: err.message,
              code: err.code,
              causeName: err.cause?.name,
              causeCode: err.cause?.code,
              causeSyscall: err.cause?.syscall,
            }
          }
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'test', message: 'test' }
        },
      }
    },
  }
}
