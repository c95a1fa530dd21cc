// A client that destroys its request with an error
// mid-body (got's timeout does) gets one 'error',
// as from a real socket: msw's socket emitted two,
// and got's once('error') left the second unhandled.
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { ClientCall } from './support/clients.ts'
import { captureInRun } from './support/simulated.ts'

/** 'error' events on the request, after it is destroyed mid-body. */
const destroyMidBody: ClientCall = (base) =>
  new Promise((resolve, reject) => {
    const errors: string[] = []
    const req = (base.startsWith('https:') ? https : http).request(`${base}/v1/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'k' },
    })
    req.on('error', (e) => errors.push(e.message))
    req.on('response', (res) => {
      res.on('error', () => {})
      res.once('data', () => {
        req.destroy(new Error('gave up'))
        // Long enough for any second emit to arrive.
        setTimeout(() => reject(new Error(`errors: ${errors.join(', ')}`)), 200)
      })
    })
    req.end('payment_intent=pi_1&amount=4990')
    void resolve
  })

describe('node:http destroyed with an error after the response began', () => {
  it("emits 'error' once, on a real socket and in a run", async () => {
    const server = http.createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'content-length': '100' })
        res.write('{"id":') // then nothing: a stall
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    let real: string
    try {
      real = await destroyMidBody(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).then(
        () => 'answered',
        (e: Error) => e.message,
      )
    } finally {
      server.closeAllConnections()
      server.close()
    }
    expect(real).toBe('errors: gave up')
    const cell = await captureInRun(destroyMidBody, [
      { kind: 'body-stall', boundary: 'after-effect', step: 's1', send: 1, bytes: 6 },
    ])
    expect(cell.outcome).toMatchObject({ kind: 'error', error: expect.objectContaining({ message: real }) })
  })
})
