// `faultline serve`: the mock services on 127.0.0.1, to try by hand.
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import { serveLoopback } from '../../mock-services/server/loopback.ts'
import type { Io } from './io.ts'
import { int, options } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

export async function serve(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('serve', args, { port: { type: 'string' } })
  if (!parsed) return (io.out(COMMAND_USAGE.serve), 0)
  const port = int(parsed.values.port, 'port', 4242, 0, 65534) // email takes the next port
  const payments = new PaymentsService(Date.now, { processingMs: 0 })
  payments.seedPaymentIntent('pi_demo', 10_000, 'eur')
  const email = new EmailService(Date.now, { processingMs: 0 })
  let server
  try {
    server = await serveLoopback([payments, email], port)
  } catch (e) {
    throw new UsageError(
      `cannot listen on 127.0.0.1:${port}: ${(e as Error).message.split('\n')[0]} (choose another --port)`,
    )
  }
  io.out(
    `payments  ${server.urls.payments}   (Stripe-shaped; a payment intent pi_demo of 100.00 EUR is ready to refund)`,
  )
  io.out(`email     ${server.urls.email}   (Resend-shaped)`)
  io.out('Ctrl-C to stop.')
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await server.close()
  return 0
}
