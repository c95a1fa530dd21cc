// The official @sendgrid/mail 8.1.6, built as its
// README shows (a key, nothing else), against the
// SendGrid mock at its default host via msw.
import sgMail from '@sendgrid/mail'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'
import type { RequestFault } from '../../../harness/faults/catalogue.ts'
import { SendgridService } from '../../../mock-services/sendgrid/sendgrid.ts'
import { bodyText } from '../../../mock-services/request-body.ts'
import type { Delivery } from '../../../mock-services/service.ts'
import sendgridAtDefault from '../../fixtures/vendor-hosts/sendgrid-default-host.ts'
import { refundScenario } from '../../support/scenario.ts'

const { MailService } = sgMail as unknown as { MailService: new () => typeof sgMail }

const message = {
  to: 'customer@mail.test',
  from: 'support@shop.test',
  subject: 'Your refund for order ORD-1042',
  text: 'We have refunded your order ORD-1042.',
  customArgs: { client_reference: 'op-1' },
}

interface Seen {
  readonly url: string
  readonly headers: Headers
  readonly body: string
}

/** The service, keeping each request it got. */
function recorded(service: SendgridService, requests: Seen[]): SendgridService {
  const handle = service.handle.bind(service)
  service.handle = async (r: Request, d: Delivery) => {
    requests.push({ url: r.url, headers: r.headers, body: await bodyText(r) })
    return handle(r, d)
  }
  return service
}

describe('@sendgrid/mail at its defaults against the SendGrid mock', () => {
  let mounted: Mounted | null = null
  let service: SendgridService
  let requests: Seen[]
  const mount = (faults: RequestFault[] = []) => {
    requests = []
    service = recorded(new SendgridService(Date.now, { processingMs: 0 }), requests)
    mounted = mountServices([service], faults)
    return mounted
  }
  let mail: typeof sgMail
  beforeEach(() => {
    // A fresh client: the module's export is a singleton.
    mail = new MailService()
    mail.setApiKey('SG.faultline.test')
  })
  afterEach(() => {
    mounted?.unmount()
    mounted = null
  })

  it('sends to api.sendgrid.com with a Bearer key: 202, an empty body, the id in X-Message-Id', async () => {
    const m = mount()
    const [response, body] = await mail.send(message)
    expect(response.statusCode).toBe(202)
    expect(body).toBe('')
    const id = (response.headers as Record<string, string>)['x-message-id']
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(service.ledger.entries).toEqual([expect.objectContaining({ service: 'email', type: 'email', id })])
    const sent = requests[0]!
    expect(new URL(sent.url).host).toBe('api.sendgrid.com')
    expect(new URL(sent.url).pathname).toBe('/v3/mail/send')
    expect(sent.headers.get('authorization')).toBe('Bearer SG.faultline.test')
    expect(sent.headers.get('user-agent')).toBe('sendgrid/8.1.6;nodejs')
    // No key of any kind: the body is the whole request.
    expect(sent.headers.get('idempotency-key')).toBeNull()
    expect(JSON.parse(sent.body)).toMatchObject({
      personalizations: [{ to: [{ email: 'customer@mail.test' }] }],
      from: { email: 'support@shop.test' },
      custom_args: { client_reference: 'op-1' },
    })
    expect(eventsOf(m.history, 'attempt-sent')).toHaveLength(1)
  })

  it('sends the same message twice as two e-mails: there is no replay', async () => {
    mount()
    const [first] = await mail.send(message)
    const [second] = await mail.send(message)
    const ids = [first, second].map((r) => (r.headers as Record<string, string>)['x-message-id'])
    expect(ids[0]).not.toBe(ids[1])
    expect(service.ledger.entries.map((e) => e.id)).toEqual(ids)
  })

  it('surfaces a refusal as a ResponseError carrying SendGrid errors[]', async () => {
    mount()
    const refused = (await mail.send({ ...message, from: 'not an address' }).catch((e: unknown) => e)) as {
      code: number
      message: string
      response: { body: { errors: { field: string; message: string; help: string }[] } }
    }
    expect(refused).toBeInstanceOf(Error)
    expect(refused.code).toBe(400)
    expect(refused.message).toBe('Bad Request')
    expect(refused.response.body.errors[0]).toMatchObject({ field: 'from.email' })
    expect(refused.response.body.errors[0]!.help).toMatch(/errors\.html#message\.from$/)
    expect(service.ledger.entries).toHaveLength(0)
  })

  it('without setApiKey sends no Authorization: 401 authorization required', async () => {
    mount()
    const keyless = new MailService()
    const refused = (await keyless.send(message).catch((e: unknown) => e)) as {
      code: number
      response: { body: unknown }
    }
    expect(refused.code).toBe(401)
    expect(refused.response.body).toEqual({ errors: [{ message: 'authorization required', field: null, help: null }] })
    expect(requests[0]!.headers.get('authorization')).toBeNull()
  })

  it('makes one attempt per send: a 503 and a reset after the effect are not retried', async () => {
    const m = mount([
      { kind: 'error-response', boundary: 'response', step: '*', send: 1, status: 503 },
      { kind: 'reset-after-effect', boundary: 'after-effect', step: '*', send: 2 },
    ])
    const unavailable = (await mail.send(message).catch((e: unknown) => e)) as { code: number }
    expect(unavailable.code).toBe(503)
    // Queued, then the answer lost: the SDK throws
    // axios's network error, and the e-mail is out.
    const reset = (await mail.send(message).catch((e: unknown) => e)) as { code: string; response?: unknown }
    expect(reset.code).toBe('ECONNRESET')
    expect(reset.response).toBeUndefined()
    expect(eventsOf(m.history, 'attempt-sent')).toHaveLength(2)
    expect(service.ledger.entries).toHaveLength(1)
  })

  it('sets no timeout of its own: axios waits for as long as the answer takes', () => {
    const request = (mail as unknown as { client: { createRequest(d: object): { timeout?: number } } }).client
    expect(request.createRequest({ method: 'POST', url: '/v3/mail/send' }).timeout).toBeUndefined()
  })

  it('a 429 carries X-RateLimit-* and no Retry-After; the SDK does not wait or retry', async () => {
    const m = mount([{ kind: 'error-response', boundary: 'response', step: '*', send: 1, status: 429, retryAfterS: 7 }])
    const limited = (await mail.send(message).catch((e: unknown) => e)) as {
      code: number
      response: { headers: Record<string, string>; body: unknown }
    }
    expect(limited.code).toBe(429)
    expect(limited.response.headers['retry-after']).toBeUndefined()
    expect(limited.response.headers['x-ratelimit-remaining']).toBe('0')
    expect(Number(limited.response.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000))
    expect(limited.response.body).toEqual({ errors: [{ message: 'too many requests', field: null, help: null }] })
    expect(eventsOf(m.history, 'attempt-sent')).toHaveLength(1)
  })

  it("setDataResidency('eu') reaches the same mock at api.eu.sendgrid.com", async () => {
    mount()
    // As the README shows: on the client.
    ;(mail as unknown as { client: { setDataResidency(r: string): void } }).client.setDataResidency('eu')
    const [response] = await mail.send(message)
    expect(response.statusCode).toBe(202)
    expect(new URL(requests[0]!.url).host).toBe('api.eu.sendgrid.com')
  })

  it('has nothing to read back: the Email Activity API answers 400 without its add-on', async () => {
    mount()
    await mail.send(message)
    const client = (mail as unknown as { client: { request(d: object): Promise<unknown> } }).client
    const looked = (await client
      .request({ method: 'GET', url: '/v3/messages', qs: { query: 'unique_args["client_reference"]="op-1"' } })
      .catch((e: unknown) => e)) as { code: number; response: { body: unknown } }
    expect(looked.code).toBe(400)
    expect(looked.response.body).toEqual({ errors: [{ message: 'authorization required', field: null, help: null }] })
  })
})

describe('@sendgrid/mail at its defaults inside a run', () => {
  const scenario = (faults: Scenario['faults'] = []): Scenario =>
    refundScenario({
      vendors: { email: 'sendgrid' },
      plan: [
        {
          stepId: 'confirm',
          tool: 'send_email',
          args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1' },
        },
      ],
      faults,
    })

  it('reaches the run’s SendGrid service at api.sendgrid.com: one send, one e-mail, its id reported', async () => {
    const { history } = await runScenario(scenario(), sendgridAtDefault)
    const sent = eventsOf(history, 'attempt-sent')
    expect(sent).toEqual([expect.objectContaining({ service: 'email', method: 'POST', path: '/v3/mail/send' })])
    const effects = eventsOf(history, 'effect-applied')
    expect(effects).toEqual([expect.objectContaining({ service: 'email', call: 'run-7/confirm' })])
    const envelope = eventsOf(history, 'outcome-reported').at(-1)?.envelope
    expect(envelope).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'email', id: effects[0]!.effect } })
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it('a reset after the effect: one e-mail, no retry by the SDK, reported UNKNOWN', async () => {
    const { history } = await runScenario(
      scenario([{ kind: 'reset-after-effect', boundary: 'after-effect', step: 'confirm', send: 1 }]),
      sendgridAtDefault,
    )
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    // The model may ask again; the SDK itself never resends.
    const first = eventsOf(history, 'outcome-reported')[0]!
    expect(first.envelope.status).toBe('UNKNOWN')
  })
})
