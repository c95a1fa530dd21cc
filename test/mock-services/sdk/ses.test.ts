// The official SES v2 client (@aws-sdk/client-sesv2
// 3.1169.0), built as its README shows (region and
// credentials, nothing else), against the mock at
// its default host email.us-east-1.amazonaws.com.
import {
  BadRequestException,
  GetMessageInsightsCommand,
  SendEmailCommand,
  SESv2Client,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import type { RequestFault } from '../../../harness/faults/catalogue.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { SesService } from '../../../mock-services/ses/ses.ts'
import sesAtDefault from '../../fixtures/vendor-hosts/ses-default-host.ts'
import { refundScenario } from '../../support/scenario.ts'
import { isolateAwsEnv } from '../../support/aws-env.ts'

beforeAll(isolateAwsEnv)

const client = () =>
  new SESv2Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDFAULTLINE', secretAccessKey: 'faultline-secret' },
  })

const send = (to = 'customer@mail.test') =>
  new SendEmailCommand({
    FromEmailAddress: 'Support <support@shop.test>',
    Destination: { ToAddresses: [to] },
    Content: { Simple: { Subject: { Data: 'Your refund' }, Body: { Text: { Data: 'Refunded.' } } } },
    EmailTags: [{ Name: 'client_reference', Value: 'op-1' }],
  })

/**
 * The service, keeping each request's headers
 * (the pipeline asks isMutation of every one,
 * faulted or not).
 */
function recorded(ses: SesService, seen: Headers[]): SesService {
  const isMutation = ses.isMutation.bind(ses)
  ses.isMutation = (r: Request) => (seen.push(new Headers(r.headers)), isMutation(r))
  return ses
}

describe('@aws-sdk/client-sesv2 at its defaults against the SES mock', () => {
  let mounted: Mounted | undefined
  afterEach(() => {
    mounted?.unmount()
    mounted = undefined
    vi.restoreAllMocks()
  })
  const mount = (faults: RequestFault[] = []) => {
    const seen: Headers[] = []
    const ses = recorded(new SesService(Date.now, { processingMs: 0 }), seen)
    mounted = mountServices([ses], faults)
    return { ses, seen, history: () => mounted!.history }
  }

  it('sends: one signed POST to the default host, a MessageId, one e-mail; insights read it back', async () => {
    const { ses, seen, history } = mount()
    const sdk = client()
    const out = await sdk.send(send())
    expect(out.MessageId).toBe(ses.ledger.entries[0]!.id)
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 1 })
    expect(out.$metadata.requestId).toMatch(/^00000000-/)
    expect(ses.ledger.entries).toHaveLength(1)
    expect(eventsOf(history(), 'attempt-sent')).toEqual([
      expect.objectContaining({ service: 'email', method: 'POST', path: '/v2/email/outbound-emails' }),
    ])
    // SigV4 with the explicit keys; the retry
    // header names attempt and maximum (A11).
    expect(seen[0]!.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAULTLINE\/\d{8}\/us-east-1\/ses\//)
    expect(seen[0]!.get('amz-sdk-request')).toBe('attempt=1; max=3')
    expect(seen[0]!.get('idempotency-key')).toBeNull()
    // Explicit credentials: no IMDS, no other host.
    expect(eventsOf(history(), 'executor-fault')).toEqual([])

    const insights = await sdk.send(new GetMessageInsightsCommand({ MessageId: out.MessageId! }))
    expect(insights).toMatchObject({
      MessageId: out.MessageId,
      FromEmailAddress: 'Support <support@shop.test>',
      Subject: 'Your refund',
      EmailTags: [{ Name: 'client_reference', Value: 'op-1' }],
      Insights: [{ Destination: 'customer@mail.test', Events: [{ Type: 'SEND' }] }],
    })
    expect(insights.Insights![0]!.Events![0]!.Timestamp).toBeInstanceOf(Date)
  })

  it('surfaces SES errors typed: a BadRequestException, not retried', async () => {
    const { ses, history } = mount()
    const error = await client()
      .send(send('not-an-address'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestException)
    expect(error).toMatchObject({ name: 'BadRequestException', $metadata: { httpStatusCode: 400, attempts: 1 } })
    expect(ses.ledger.entries).toEqual([])
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(1)
  })

  it('retries a 503 twice (three attempts, the same body), then sends once', async () => {
    const unavailable = (n: number): RequestFault => ({
      kind: 'server-fails-before-apply',
      boundary: 'after-receipt',
      step: '*',
      send: n,
      mode: '503',
    })
    const { ses, seen, history } = mount([unavailable(1), unavailable(2)])
    const out = await client().send(send())
    expect(out.$metadata.attempts).toBe(3)
    expect(seen.map((h) => h.get('amz-sdk-request'))).toEqual([
      'attempt=1; max=3',
      'attempt=2; max=3',
      'attempt=3; max=3',
    ])
    expect(new Set(seen.map((h) => h.get('amz-sdk-invocation-id'))).size).toBe(1)
    expect(ses.ledger.entries).toHaveLength(1)
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(3)
  })

  it('retries a throttled 429 too, and gives up after three attempts with TooManyRequestsException', async () => {
    // No jitter: the throttling backoff (1 s, 2 s
    // times a random fraction) becomes 0.
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const throttled = (n: number): RequestFault => ({
      kind: 'error-response',
      boundary: 'response',
      step: '*',
      send: n,
      status: 429,
    })
    const { ses, history } = mount([throttled(1), throttled(2), throttled(3)])
    const error = await client()
      .send(send())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TooManyRequestsException)
    expect(error).toMatchObject({ $metadata: { httpStatusCode: 429, attempts: 3 } })
    expect(ses.ledger.entries).toEqual([])
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(3)
  })

  it('resends after a reset that followed the effect: two e-mails for one call (no token to stop it)', async () => {
    const { ses, history } = mount([{ kind: 'reset-after-effect', boundary: 'after-effect', step: '*', send: 1 }])
    const out = await client().send(send())
    expect(out.$metadata.attempts).toBe(2)
    expect(ses.ledger.entries).toHaveLength(2)
    expect(ses.ledger.entries[1]!.id).toBe(out.MessageId)
    expect(eventsOf(history(), 'effect-applied')).toHaveLength(2)
  })
})

describe('the SES client at its defaults inside a run', () => {
  const scenario = (faults: RequestFault[] = []) =>
    refundScenario({
      vendors: { email: 'ses' },
      plan: [
        {
          stepId: 'confirm',
          tool: 'send_email',
          args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1' },
        },
      ],
      faults,
    })

  it('reaches the SES mock at email.us-east-1.amazonaws.com; nothing else is called', async () => {
    const { history } = await runScenario(scenario(), sesAtDefault)
    expect(eventsOf(history, 'attempt-sent')).toEqual([
      expect.objectContaining({ service: 'email', method: 'POST', path: '/v2/email/outbound-emails' }),
    ])
    expect(eventsOf(history, 'effect-applied')).toEqual([
      expect.objectContaining({ service: 'email', call: 'run-7/confirm' }),
    ])
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it('a 502 after the effect: the SDK sends the e-mail again, in virtual time', async () => {
    const { history } = await runScenario(
      scenario([
        {
          kind: 'gateway-error',
          boundary: 'gateway',
          step: 'confirm',
          send: 1,
          status: 502,
          upstream: 'acted',
          afterMs: 0,
        },
      ]),
      sesAtDefault,
    )
    expect(eventsOf(history, 'attempt-sent')).toHaveLength(2)
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
  })
})
