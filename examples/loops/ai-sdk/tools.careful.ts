// The support agent's tools, careful in the loop
// too: the work keeps its own deadline-bounded
// course (careful-support), and when the loop's
// abortSignal fires first (timeout.toolMs, or the
// turn's end) the tool answers that the outcome is
// unknown, never that it failed. Keys come from
// the operation in `context`, never toolCallId.
import { tool } from 'ai'
import { z } from 'zod'
import { envelopeSchema, operationOf } from '../../../faultline/adapters/ai-sdk.ts'
import type { BootContext, Envelope, Operation } from '../../../faultline/index.ts'
import { carefulSupport } from '../../adapters/support/careful-support.ts'

const envelope = (status: Envelope['status'], retry_safe: boolean, action_taken: string, message: string) =>
  ({ status, retry_safe, effect: null, action_taken, message }) as const satisfies Envelope

// Without an operation there is no safe key.
const noOperation = envelope(
  'FAILED_NO_EFFECT',
  false,
  'not-sent',
  'No operation in the tool context: nothing was sent.',
)
const tooLate = envelope(
  'FAILED_NO_EFFECT',
  true,
  'not-sent',
  'Stopped before sending anything; it is safe to ask again.',
)

const unknown = (effect: string) =>
  envelope(
    'UNKNOWN',
    false,
    'unresolved',
    `The ${effect} may have happened; the agent stopped waiting for it. Do not ask again: check its status.`,
  )

/**
 * The work's answer, or UNKNOWN if the loop stops
 * waiting first: a request may be in flight, and
 * the work goes on to record how it ended.
 */
async function answer(
  signal: AbortSignal | undefined,
  effect: string,
  /** An earlier ask of it is still running. */
  busy: boolean,
  work: (stopped: () => boolean) => Promise<Envelope>,
): Promise<Envelope> {
  if (signal?.aborted) return busy ? unknown(effect) : tooLate
  const pending = work(() => signal?.aborted === true)
  if (!signal) return pending
  const stopped = new Promise<Envelope>((resolve) =>
    signal.addEventListener('abort', () => resolve(unknown(effect)), { once: true }),
  )
  return Promise.race([pending, stopped])
}

/**
 * One operation's work at a time: an ask the loop
 * stopped waiting for still runs, and the next ask
 * of it must see how that ended, not race it.
 */
function oneAtATime() {
  const running = new Map<string, Promise<unknown>>()
  return {
    busy: (slot: string) => running.has(slot),
    run(slot: string, stopped: () => boolean, work: () => Promise<Envelope>): Promise<Envelope> {
      const next = (running.get(slot) ?? Promise.resolve())
        .catch(() => undefined)
        // Given up on while it waited: never start
        // (the ask was already answered UNKNOWN).
        .then(() => (stopped() ? tooLate : work()))
      running.set(slot, next)
      void next.catch(() => undefined).then(() => running.get(slot) === next && running.delete(slot))
      return next
    },
  }
}

/** Made per process: the support code keeps its state in faultline's storage. */
export function carefulTools(ctx?: Pick<BootContext, 'storage'>) {
  const support = carefulSupport({ storage: ctx?.storage })
  const serial = oneAtATime()
  const withOperation =
    <I>(effect: string, run: (input: I, op: Operation) => Promise<Envelope>) =>
    async (input: I, { context, abortSignal }: { context?: unknown; abortSignal?: AbortSignal }) => {
      const op = operationOf(context)
      if (!op) return noOperation
      // The work is not handed the loop's signal:
      // its own timeouts end it, its outcome kept.
      // Per run: one slot for the run's asks of it.
      const slot = `${effect} ${op.runId} ${op.identity === 'per-run' ? '' : op.stepId}`
      return answer(abortSignal, effect, serial.busy(slot), (stopped) =>
        serial.run(slot, stopped, () => run(input, op)),
      )
    }
  return {
    refund_order: tool({
      description: 'Refund an order to the card it was paid with.',
      inputSchema: z.object({
        order_id: z.string().describe('The order, e.g. ORD-1042'),
        payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
        amount: z.number().describe('How much to refund, in major units (49.90)'),
        currency: z.string().describe('ISO 4217 code, e.g. eur'),
        reason: z.string().optional().describe('Why, in a few words'),
      }),
      outputSchema: envelopeSchema,
      execute: withOperation('refund', (input, op) => support.refundOrder(input, op)),
    }),
    send_refund_confirmation: tool({
      description: 'E-mail the customer that their refund is on its way.',
      inputSchema: z.object({
        order_id: z.string().describe('The refunded order'),
        email: z.string().describe("The customer's e-mail address"),
      }),
      outputSchema: envelopeSchema,
      execute: withOperation('e-mail', (input, op) => support.sendRefundConfirmation(input, op)),
    }),
  }
}
