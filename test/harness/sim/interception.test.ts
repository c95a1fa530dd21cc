import https from 'node:https'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mountServices } from '../../../harness/sim/mount.ts'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'

function payments(): PaymentsService {
  const service = new PaymentsService(Date.now, { processingMs: 0 })
  service.seedPaymentIntent('pi_1', 10_000, 'eur')
  return service
}

const rejections: unknown[] = []
const onRejection = (e: unknown) => rejections.push(e)
afterEach(() => {
  process.off('unhandledRejection', onRejection)
  rejections.length = 0
})

describe('interception', () => {
  it('a node:http request its client destroyed while the request was held gets exactly one error, and nothing goes unhandled', async () => {
    process.on('unhandledRejection', onRejection)
    const mounted = mountServices([payments()], [{ kind: 'dropped', boundary: 'in-transit', step: '*', send: 1 }])
    try {
      const errors: string[] = []
      await new Promise<void>((resolve) => {
        const req = https.request('https://payments.test/v1/refunds', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        req.on('error', (e) => errors.push(e.message))
        req.on('close', () => setTimeout(resolve, 50)) // room for a second error, were one coming
        req.setTimeout(30, () => req.destroy(new Error('client timeout')))
        req.end('payment_intent=pi_1&amount=100')
      })
      expect(errors).toEqual(['client timeout'])
      expect(rejections).toEqual([])
    } finally {
      mounted.unmount()
    }
  })

  // A user's own msw server for other hosts, erroring
  // on unhandled requests but the services' .test hosts.
  const userServer = () =>
    setupServer(mswHttp.get('https://api.example.com/ping', () => HttpResponse.json({ ok: true })))
  const listenOptions = {
    onUnhandledRequest: (request: Request, print: { error(): void }) =>
      void (new URL(request.url).hostname.endsWith('.test') || print.error()),
  }
  const globals = () => ({ fetch: globalThis.fetch, request: https.request, get: https.get })

  it("mounted inside a user's own msw server: both answer their hosts, nothing is reported as blocked, and the globals come back", async () => {
    const before = globals()
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = userServer()
    server.listen(listenOptions)
    try {
      const mounted = mountServices([payments()])
      try {
        expect(await (await fetch('https://api.example.com/ping')).json()).toEqual({ ok: true })
        expect((await fetch('https://payments.test/v1/refunds?payment_intent=pi_1')).status).toBe(200)
        expect(printed).not.toHaveBeenCalled()
      } finally {
        mounted.unmount()
      }
    } finally {
      server.close()
      printed.mockRestore()
    }
    expect(globals()).toEqual(before)
  })

  it("a user's msw server started and closed while services are mounted leaves the mount working and the globals restored at the end", async () => {
    const before = globals()
    const mounted = mountServices([payments()])
    try {
      const server = userServer()
      server.listen(listenOptions)
      server.close() // clears the interceptors' record it shared with ours
      expect((await fetch('https://payments.test/v1/refunds?payment_intent=pi_1')).status).toBe(200)
    } finally {
      mounted.unmount()
    }
    expect(globals()).toEqual(before)
  })
})
