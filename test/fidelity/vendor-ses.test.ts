// Each SES v2 fact the mock relies on (docs/
// vendors.md A1–A13), pinned: one test per fact,
// against the service as a run builds it, and
// @aws-sdk/client-sesv2 3.1169.0 where the fact
// is the SDK's.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  LimitExceededException,
  MessageInsightsFilters$,
  SendEmailCommand,
  SendEmailRequest$,
  SESv2Client,
} from '@aws-sdk/client-sesv2'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventsOf } from '../../harness/history/history.ts'
import { mountServices, type Mounted } from '../../harness/sim/mount.ts'
import { DEADLINE_HEADER } from '../../mock-services/deadline.ts'
import type { Delivery, MockService } from '../../mock-services/service.ts'
import { SesService } from '../../mock-services/ses/ses.ts'
import { SES_VENDOR } from '../../mock-services/ses/vendor.ts'
import { isolateAwsEnv } from '../support/aws-env.ts'

beforeAll(isolateAwsEnv)

const D: Delivery = { attempt: 1, call: 'r/s1' }
const NOW = 1_800_000_000_000
const ses = (settings: ConstructorParameters<typeof SesService>[1] = {}) =>
  new SesService(() => NOW, { processingMs: 0, ...settings })
const SIGNED = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=AKIDFAULTLINE/20270115/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=00',
}
const MESSAGE = {
  FromEmailAddress: 'Support <support@shop.test>',
  Destination: { ToAddresses: ['customer@mail.test'] },
  Content: { Simple: { Subject: { Data: 'Your refund' }, Body: { Text: { Data: 'Refunded.' } } } },
  EmailTags: [{ Name: 'client_reference', Value: 'op-1' }],
}
const request = (
  body: unknown = MESSAGE,
  headers: Record<string, string> = SIGNED,
  path = '/v2/email/outbound-emails',
) =>
  new Request(`https://email.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
const read = (path: string, headers: Record<string, string> = SIGNED) =>
  new Request(`https://email.test${path}`, { headers })
const sdk = () =>
  new SESv2Client({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDFAULTLINE', secretAccessKey: 'x' } })
// A structure schema: [3, namespace, name, traits, members, types]
const members = (schema: readonly unknown[]) => schema[4] as string[]
/** A JSON answer's fields. */
const body = async (r: Response) => (await r.json()) as Record<string, string>
const require = createRequire(import.meta.url)
const sdkSource = (pkg: string, file: string) =>
  readFileSync(require.resolve(pkg).replace(/dist-cjs\/.*$/, `dist-cjs/${file}`), 'utf8')

/** Always answers `answer`; counts what it got. */
function always(answer: () => Response): MockService & { n: number } {
  const s = ses()
  return {
    name: 'email',
    vendor: 'ses',
    ledger: s.ledger,
    n: 0,
    isMutation: () => true,
    restart: () => {},
    errorResponse: s.errorResponse.bind(s),
    async handle() {
      this.n++
      return answer()
    },
  }
}

let mounted: Mounted | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
  vi.restoreAllMocks()
})

describe('AWS SES v2 (docs/vendors.md A1–A13)', () => {
  it('A1: SendEmail has no idempotency token: the same request twice is two e-mails; Idempotency-Key is ignored', async () => {
    expect(members(SendEmailRequest$)).toEqual([
      'Content',
      'FromEmailAddress',
      'FromEmailAddressIdentityArn',
      'Destination',
      'ReplyToAddresses',
      'FeedbackForwardingEmailAddress',
      'FeedbackForwardingEmailAddressIdentityArn',
      'EmailTags',
      'ConfigurationSetName',
      'EndpointId',
      'TenantName',
      'ListManagementOptions',
      'ConfigurationOverrides',
    ])
    // No operation of the service takes one.
    expect(sdkSource('@aws-sdk/client-sesv2', 'index.js')).not.toMatch(/idempoten|ClientToken/i)
    const s = ses()
    const a = await body(await s.handle(request(MESSAGE, { ...SIGNED, 'idempotency-key': 'k1' }), D))
    const b = await body(await s.handle(request(MESSAGE, { ...SIGNED, 'idempotency-key': 'k1' }), D))
    expect(a.MessageId).not.toBe(b.MessageId)
    expect(s.ledger.entries.map((e) => e.id)).toEqual([a.MessageId, b.MessageId])
  })

  it('A2: SendEmail is POST /v2/email/outbound-emails, 200 { MessageId }', async () => {
    const r = await ses().handle(request(), D)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json')
    expect(Object.keys(await body(r))).toEqual(['MessageId'])
    expect(SES_VENDOR.create(() => NOW, {}).isMutation(request())).toBe(true)
  })

  it('A3: no lookup by tag: GetMessageInsights reads one message by its MessageId; insights filters have no tags', async () => {
    expect(members(MessageInsightsFilters$)).toEqual([
      'FromEmailAddress',
      'Destination',
      'Subject',
      'Isp',
      'TenantName',
      'LastDeliveryEvent',
      'LastEngagementEvent',
    ])
    const s = ses()
    const { MessageId } = await body(await s.handle(request(), D))
    const found = await s.handle(read(`/v2/email/insights/${MessageId}`), D)
    expect(found.status).toBe(200)
    expect(await body(found)).toMatchObject({ MessageId, EmailTags: MESSAGE.EmailTags })
    expect(s.isMutation(read(`/v2/email/insights/${MessageId}`))).toBe(false)
    // Nothing finds it by its tag.
    for (const path of ['/v2/email/outbound-emails?tag=client_reference:op-1', '/v2/email/insights?tag=op-1']) {
      const r = await s.handle(read(path), D)
      expect([r.status, r.headers.get('x-amzn-errortype')]).toEqual([404, 'NotFoundException'])
    }
    // Reads lag like the other services' (visibilityLagMs).
    let now = NOW
    const lagging = new SesService(() => now, { processingMs: 0, visibilityLagMs: 1_000 })
    const sent = await body(await lagging.handle(request(), D))
    expect((await lagging.handle(read(`/v2/email/insights/${sent.MessageId}`), D)).status).toBe(404)
    now += 1_000
    expect((await lagging.handle(read(`/v2/email/insights/${sent.MessageId}`), D)).status).toBe(200)
  })

  it('A4: errors are restJson1: x-amzn-ErrorType names them, { message } explains; every answer has x-amzn-RequestId', async () => {
    const s = ses()
    const answers = [
      await s.handle(request(), D),
      await s.handle(request({ ...MESSAGE, FromEmailAddress: 'nobody' }), D),
      s.errorResponse('rate-limited'),
      s.errorResponse('unavailable'),
    ]
    for (const a of answers) expect(a.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(answers.map((a) => a.headers.get('x-amzn-requestid'))).size).toBe(answers.length)
    const refused = answers[1]!
    expect(refused.headers.get('x-amzn-errortype')).toBe('BadRequestException')
    expect(Object.keys(await body(refused))).toEqual(['message'])
  })

  it("A5: SendEmail's errors and statuses, as the SDK's schema has them; the mock's fault answers match", async () => {
    const s = ses()
    const seen = async (r: Response) => [r.status, r.headers.get('x-amzn-errortype'), (await body(r)).message]
    expect(await seen(s.errorResponse('rate-limited'))).toEqual([
      429,
      'TooManyRequestsException',
      'Maximum sending rate exceeded.',
    ])
    expect((await seen(s.errorResponse('unavailable'))).slice(0, 2)).toEqual([503, 'ServiceUnavailable'])
    expect((await seen(s.errorResponse('validation'))).slice(0, 2)).toEqual([400, 'BadRequestException'])
    // No keys, no "key in use": asked anyway, a 503.
    expect(s.errorResponse('key-in-use').status).toBe(503)
    expect(SES_VENDOR.answers).toEqual(['rate-limited', 'unavailable', 'validation'])
    // An internal failure: a 500, nothing sent.
    const failed = await s.handle(request(), { ...D, internalError: true })
    expect([failed.status, failed.headers.get('x-amzn-errortype')]).toEqual([500, 'InternalFailure'])
    expect(s.ledger.entries).toEqual([])
    // The SDK's own table of statuses.
    const source = sdkSource('@aws-sdk/client-sesv2', 'index.js')
    for (const [name, status] of [
      ['TooManyRequestsException', 429],
      ['LimitExceededException', 400],
      ['BadRequestException', 400],
      ['MessageRejected', 400],
      ['AccountSuspendedException', 400],
      ['SendingPausedException', 400],
      ['NotFoundException', 404],
    ] as const) {
      const at = source.indexOf(`const _${abbreviation(source, name)} = "${name}"`)
      expect(at, name).toBeGreaterThan(-1)
      expect(source).toMatch(
        new RegExp(`var ${name}\\$ = \\[-3, n0, _\\w+,\\s*\\{ \\[_e\\]: _c, \\[_hE\\]: ${status} \\}`),
      )
    }
  })

  it('A6: no Retry-After on 429 or 503 (SES documents none)', () => {
    const s = ses()
    expect(s.errorResponse('rate-limited', 7).headers.get('retry-after')).toBeNull()
    expect(s.errorResponse('unavailable', 7).headers.get('retry-after')).toBeNull()
  })

  it('A7: tag names and values: ASCII letters, digits, _ and -, 256 at most; else BadRequestException', async () => {
    const s = ses()
    for (const tag of [
      { Name: 'client reference', Value: 'x' },
      { Name: 'ok', Value: 'a.b' },
      { Name: 'ok', Value: 'x'.repeat(257) },
    ]) {
      const r = await s.handle(request({ ...MESSAGE, EmailTags: [tag] }), D)
      expect([r.status, r.headers.get('x-amzn-errortype')]).toEqual([400, 'BadRequestException'])
    }
    expect(
      (await s.handle(request({ ...MESSAGE, EmailTags: [{ Name: 'a-B_9', Value: 'x'.repeat(256) }] }), D)).status,
    ).toBe(200)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it("A8: a fault's BadRequestException refuses those parameters for the rest of the run, whatever the order", async () => {
    const s = ses()
    expect((await s.refuseAsInvalid(request())).status).toBe(400)
    const reordered = {
      EmailTags: MESSAGE.EmailTags,
      Content: MESSAGE.Content,
      Destination: MESSAGE.Destination,
      FromEmailAddress: MESSAGE.FromEmailAddress,
    }
    s.restart()
    const again = await s.handle(request(reordered), D)
    expect([again.status, again.headers.get('x-amzn-errortype')]).toEqual([400, 'BadRequestException'])
    expect((await s.handle(request({ ...MESSAGE, EmailTags: [] }), D)).status).toBe(200)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('A9: an unsigned request is refused, 403 MissingAuthenticationTokenException, before anything', async () => {
    const s = ses()
    for (const headers of [{}, { authorization: 'Bearer x' }] as Record<string, string>[]) {
      const r = await s.handle(request(MESSAGE, headers), D)
      expect([r.status, r.headers.get('x-amzn-errortype'), (await body(r)).message]).toEqual([
        403,
        'MissingAuthenticationTokenException',
        'Missing Authentication Token',
      ])
    }
    expect((await s.handle(read('/v2/email/insights/x', {}), D)).status).toBe(403)
    expect(s.ledger.entries).toEqual([])
  })

  it("A10: new SESv2Client({ region }) calls https://email.<region>.amazonaws.com: the mock's vendor host", async () => {
    for (const region of ['us-east-1', 'eu-west-1', 'ap-southeast-2']) {
      const endpoint = await sdk().config.endpointProvider({ Region: region }, {})
      expect(endpoint.url.href).toBe(`https://email.${region}.amazonaws.com/`)
      expect(SES_VENDOR.matches(endpoint.url.hostname)).toBe(true)
    }
    expect(SES_VENDOR.hosts).toEqual(['email.<region>.amazonaws.com'])
    for (const other of [
      'email-fips.us-east-1.amazonaws.com',
      'email.us-east-1.amazonaws.com.evil.example',
      'api.resend.com',
    ])
      expect(SES_VENDOR.matches(other)).toBe(false)
  })

  it('A11: the SDK at its defaults makes 3 attempts for throttling and 5xx (LimitExceededException too), 1 for other 4xx', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const attempts = async (answer: () => Response) => {
      const service = always(answer)
      mounted = mountServices([service])
      const error = await sdk()
        .send(new SendEmailCommand(MESSAGE))
        .catch((e: unknown) => e)
      mounted.unmount()
      mounted = null
      return [service.n, (error as { $metadata: { attempts: number } }).$metadata.attempts, error] as const
    }
    const s = ses()
    expect((await attempts(() => s.errorResponse('rate-limited'))).slice(0, 2)).toEqual([3, 3])
    expect((await attempts(() => s.errorResponse('unavailable'))).slice(0, 2)).toEqual([3, 3])
    const limit = await attempts(
      () =>
        new Response(JSON.stringify({ message: 'Too many.' }), {
          status: 400,
          headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'LimitExceededException' },
        }),
    )
    expect(limit[2]).toBeInstanceOf(LimitExceededException)
    expect(limit.slice(0, 2)).toEqual([3, 3])
    expect((await attempts(() => s.errorResponse('validation'))).slice(0, 2)).toEqual([1, 1])
    // The policy, in the SDK's source.
    const retry = sdkSource('@smithy/core', 'submodules/retry/index.js')
    expect(retry).toContain('const DEFAULT_MAX_ATTEMPTS = 3;')
    expect(retry).toContain('const TRANSIENT_ERROR_STATUS_CODES = [500, 502, 503, 504];')
    expect(retry).toContain('const NODEJS_TIMEOUT_ERROR_CODES = ["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"];')
    expect(retry).toMatch(/static delay\(\) \{\s*return 50;/)
    expect(retry).toMatch(/static throttlingDelay\(\) \{\s*return 1_000;/)
  }, 20_000)

  it('A12: the SDK has no timeout of its own at its defaults: a request that never answers waits for the caller', async () => {
    const client = sdk()
    const handler = client.config.requestHandler as { httpHandlerConfigs(): Record<string, unknown> }
    mounted = mountServices([ses()], [{ kind: 'dropped', boundary: 'in-transit', step: '*', send: 1 }])
    const error = await client
      .send(new SendEmailCommand(MESSAGE), { abortSignal: AbortSignal.timeout(300) })
      .catch((e: unknown) => e)
    // Only the caller's signal ended it, and an
    // abort is not retried.
    expect(error).toMatchObject({ name: 'AbortError' })
    expect(eventsOf(mounted.history, 'attempt-sent')).toHaveLength(1)
    const config = handler.httpHandlerConfigs()
    expect([config.requestTimeout, config.connectionTimeout, config.socketTimeout]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(process.env.AWS_ENABLE_DEFAULT_SOCKET_TIMEOUT_2026).toBeUndefined()
  })

  it('A13: SES ignores a forwarded deadline; only the deadline-forwarding profile refuses late work', async () => {
    const late = { ...SIGNED, [DEADLINE_HEADER]: String(NOW - 1) }
    expect((await ses().handle(request(MESSAGE, late), D)).status).toBe(200)
    const honouring = await ses({ honoursDeadline: true }).handle(request(MESSAGE, late), D)
    expect([honouring.status, honouring.headers.get('x-amzn-errortype')]).toEqual([408, 'RequestTimeoutException'])
  })
})

/** `_XYZ` the SDK's bundle names `name` by. */
function abbreviation(source: string, name: string): string {
  return new RegExp(`const _(\\w+) = "${name}";`).exec(source)?.[1] ?? '?'
}
