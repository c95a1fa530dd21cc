// The mock services over real sockets on 127.0.0.1,
// with the real fetch (no msw here).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EmailService, type Email } from '../../../mock-services/email/email.ts'
import { PaymentsService, type Refund } from '../../../mock-services/payments/payments.ts'
import { serveLoopback, type LoopbackServer } from '../../../mock-services/server/loopback.ts'
import { scratchDir } from '../../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
/**
 * `faultline serve` started in a scratch dir (tsx by
 * its URL: a bare name would not resolve there).
 */
const serve = (...args: string[]) =>
  spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(ROOT, 'faultline/cli/bin.ts'), 'serve', ...args],
    { cwd: scratchDir('serve'), stdio: ['ignore', 'pipe', 'pipe'] },
  )

const form = (key: string | null, body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...(key === null ? {} : { 'idempotency-key': key }) },
  body,
})

describe('serveLoopback', () => {
  let server: LoopbackServer | null = null
  afterEach(async () => {
    await server?.close()
    server = null
  })

  async function start() {
    const payments = new PaymentsService(Date.now, { processingMs: 0 })
    payments.seedPaymentIntent('pi_1', 10_000, 'eur')
    const email = new EmailService(Date.now, { processingMs: 0, mode: 'idempotent+probe' })
    server = await serveLoopback([payments, email], 0)
    return { payments, email, urls: server.urls as { payments: string; email: string } }
  }

  it('serves each service on its own port of 127.0.0.1 only', async () => {
    const { urls } = await start()
    expect(Object.keys(urls).sort()).toEqual(['email', 'payments'])
    const p = new URL(urls.payments)
    const e = new URL(urls.email)
    expect(p.hostname).toBe('127.0.0.1')
    expect(e.hostname).toBe('127.0.0.1')
    expect(p.protocol).toBe('http:')
    expect(Number(p.port)).toBeGreaterThan(0)
    expect(p.port).not.toBe(e.port)
    // bound to IPv4 loopback only: IPv6 loopback on the
    // same port is refused
    await expect(fetch(`http://[::1]:${p.port}/v1/refunds`)).rejects.toThrow()
  })

  it('payments: refund, replay, mismatch and list over a real socket', async () => {
    const { payments, urls } = await start()
    const created = await fetch(`${urls.payments}/v1/refunds`, form('k1', 'payment_intent=pi_1&amount=100'))
    expect(created.status).toBe(200)
    expect(created.headers.get('idempotent-replayed')).toBeNull()
    expect(created.headers.get('request-id')).toMatch(/^req_/)
    expect(created.headers.get('content-type')).toContain('application/json')
    const refund = (await created.json()) as Refund
    expect(refund).toMatchObject({ object: 'refund', amount: 100, payment_intent: 'pi_1' })

    const replay = await fetch(`${urls.payments}/v1/refunds`, form('k1', 'payment_intent=pi_1&amount=100'))
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(((await replay.json()) as Refund).id).toBe(refund.id)

    const mismatch = await fetch(`${urls.payments}/v1/refunds`, form('k1', 'payment_intent=pi_1&amount=200'))
    expect(mismatch.status).toBe(400)
    expect(((await mismatch.json()) as { error: { type: string } }).error.type).toBe('idempotency_error')

    const list = await fetch(`${urls.payments}/v1/refunds?payment_intent=pi_1`)
    expect(list.status).toBe(200)
    const body = (await list.json()) as { object: string; data: Refund[] }
    expect(body.object).toBe('list')
    expect(body.data.map((r) => r.id)).toEqual([refund.id])

    // socket requests are attributed to no tool call
    expect(payments.ledger.entries).toHaveLength(1)
    expect(payments.ledger.entries[0]?.call).toBeNull()
  })

  it("email (with faultline's lookup): send, then look it up by tag", async () => {
    const { email, urls } = await start()
    const message = {
      from: 'shop@shop.example',
      to: 'ada@example.com',
      subject: 'Hi',
      text: 'hello',
      tags: [{ name: 'client_reference', value: 'c-42' }],
    }
    const sent = await fetch(`${urls.email}/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'e1' },
      body: JSON.stringify(message),
    })
    expect(sent.status).toBe(200)
    const { id } = (await sent.json()) as { id: string }

    const again = await fetch(`${urls.email}/emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'e1' },
      body: JSON.stringify(message),
    })
    expect(((await again.json()) as { id: string }).id).toBe(id)

    const found = await fetch(`${urls.email}/emails?tag=client_reference:c-42`)
    expect(found.status).toBe(200)
    expect(((await found.json()) as { data: Email[] }).data.map((e) => e.id)).toEqual([id])
    const other = await fetch(`${urls.email}/emails?tag=client_reference:c-43`)
    expect(((await other.json()) as { data: Email[] }).data).toEqual([])
    expect(email.ledger.entries).toHaveLength(1)
  })

  it('close() stops both servers: later requests are refused', async () => {
    const { urls } = await start()
    expect((await fetch(`${urls.payments}/v1/refunds`)).status).toBe(200)
    await server!.close()
    server = null
    await expect(fetch(`${urls.payments}/v1/refunds`)).rejects.toThrow()
    await expect(fetch(`${urls.email}/emails/x`)).rejects.toThrow()
  })
})

describe('faultline serve (the CLI)', () => {
  it('prints the two URLs, serves a refund of pi_demo, and exits 0 on SIGTERM', async () => {
    const child = serve('--port', '0')
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    let stdout = ''
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t))
    try {
      const urls = await new Promise<{ payments: string; email: string }>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (t: string) => {
          stdout += t
          const p = /^payments\s+(http:\/\/\S+)/m.exec(stdout)
          const e = /^email\s+(http:\/\/\S+)/m.exec(stdout)
          if (p && e) resolve({ payments: p[1]!, email: e[1]! })
        })
        void exited.then(({ code }) => reject(new Error(`serve exited early with ${code}: ${stderr}`)))
      })
      expect(new URL(urls.payments).hostname).toBe('127.0.0.1')
      expect(new URL(urls.email).hostname).toBe('127.0.0.1')

      const res = await fetch(`${urls.payments}/v1/refunds`, form('cli-1', 'payment_intent=pi_demo&amount=100'))
      expect(res.status).toBe(200)
      expect((await res.json()) as Refund).toMatchObject({
        object: 'refund',
        amount: 100,
        currency: 'eur',
        payment_intent: 'pi_demo',
      })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toEqual({ code: 0, signal: null })
    expect(stderr).toBe('')
  })

  it('serve --port abc exits 2 with one line on stderr', async () => {
    const child = serve('--port', 'abc')
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t))
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(code).toBe(2)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/--port/)
    expect(lines[0]).toContain('abc')
  })
})
