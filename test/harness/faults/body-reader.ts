// A test executor for body faults: one refund over
// node:http or fetch, its body read chunk by chunk,
// keeping what came before the read failed.
import http from 'node:http'
import https from 'node:https'
import { Pool } from 'undici'
import type { Executor } from '../../../harness/contract/executor.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

const FORM = 'payment_intent=pi_1&amount=4990'

/** What a client got before its read failed. */
export interface BodySeen {
  status?: number
  contentLength?: number
  bytes?: string
  error?: { name: string; message: string; code?: string }
  atMs?: number
}

/** undici: its own Pool, its timeouts alone or a 60 s signal too. */
export type BodyClient = 'fetch' | 'http' | 'undici' | 'undici-signal'

/**
 * One refund over node:http, fetch or an
 * undici Pool, reading the body chunk by
 * chunk; a 5 s timeout.
 */
export function bodyReader(client: BodyClient, seen: BodySeen): Executor {
  const done = (start: number, e?: unknown) => {
    seen.atMs = Date.now() - start
    if (e) {
      const err = e as { name: string; message: string; code?: string }
      seen.error = { name: err.name, message: err.message, ...(err.code ? { code: err.code } : {}) }
    }
  }
  return {
    name: `body-reader-${client}`,
    async boot(ctx) {
      return {
        async callTool() {
          const start = Date.now()
          const url = `${ctx.services.payments}/v1/refunds`
          const headers = { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'body-key' }
          if (client === 'undici' || client === 'undici-signal') {
            const pool = new Pool(ctx.services.payments, { headersTimeout: 5_000, bodyTimeout: 5_000 })
            try {
              const signal = client === 'undici-signal' ? AbortSignal.timeout(60_000) : undefined
              const res = await pool.request({ path: '/v1/refunds', method: 'POST', headers, body: FORM, signal })
              seen.status = res.statusCode
              seen.contentLength = Number(res.headers['content-length'])
              seen.bytes = ''
              seen.bytes = await res.body.text()
              done(start)
            } catch (e) {
              done(start, e)
            }
          } else if (client === 'fetch') {
            try {
              const res = await fetch(url, { method: 'POST', headers, body: FORM, signal: AbortSignal.timeout(5_000) })
              seen.status = res.status
              seen.contentLength = Number(res.headers.get('content-length'))
              seen.bytes = ''
              const reader = res.body!.getReader()
              for (let r = await reader.read(); !r.done; r = await reader.read())
                seen.bytes += Buffer.from(r.value).toString('utf8')
              done(start)
            } catch (e) {
              done(start, e)
            }
          } else {
            await new Promise<void>((resolve) => {
              const request = url.startsWith('https:') ? https.request : http.request
              const req = request(url, { method: 'POST', headers }, (res) => {
                seen.status = res.statusCode
                seen.contentLength = Number(res.headers['content-length'])
                seen.bytes = ''
                res.on('data', (c: Buffer) => (seen.bytes += c.toString('utf8')))
                res.on('end', () => resolve(done(start)))
                res.on('error', (e) => resolve(done(start, e)))
              })
              req.setTimeout(5_000, () => req.destroy())
              req.on('error', (e) => resolve(done(start, e)))
              req.end(FORM)
            })
          }
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'test', message: 'test' }
        },
      }
    },
  }
}

export async function strikeBody(client: BodyClient, faults: Fault[]) {
  const seen: BodySeen = {}
  const { history } = await runScenario(
    refundScenario({ faults, model: { maxAsks: 1, regenerateArgs: false } }),
    bodyReader(client, seen),
  )
  return { seen, history }
}
