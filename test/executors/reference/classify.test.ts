import { describe, expect, it } from 'vitest'
import type { Observed } from '../../../harness/contract/mapping.ts'
import { classify } from '../../../executors/reference/classify.ts'
import { referenceMapping } from '../../../executors/reference/exception-mapping.ts'
import { errorCode, observe } from '../../../executors/reference/tools/observation.ts'

function fetchFailed(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) })
}

function stripeError(status: number, code?: string, type = 'invalid_request_error'): Response {
  return Response.json({ error: { type, message: 'nope', ...(code ? { code } : {}) } }, { status })
}

const SEND = { method: 'POST', url: 'https://payments.test/v1/refunds', purpose: 'send' } as const
const thrown = (error: unknown): Observed => ({ client: 'fetch', request: SEND, error })
const classifyError = (error: unknown) => classify(thrown(error), referenceMapping)
const classifyResponse = async (response: Response) =>
  classify(await observe(SEND, async () => response), referenceMapping)

describe('the reference mapping of errors', () => {
  it('maps a refused connection (wrapped by undici) to not-sent', () => {
    expect(classifyError(fetchFailed('ECONNREFUSED'))).toEqual({
      class: 'not-sent',
      body: null,
      detail: 'ECONNREFUSED',
      inFlight: false,
    })
  })

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])('maps %s to not-sent', (code) => {
    expect(classifyError(fetchFailed(code)).class).toBe('not-sent')
  })

  it('maps a connection reset to ambiguous', () => {
    expect(classifyError(fetchFailed('ECONNRESET'))).toMatchObject({ class: 'ambiguous', detail: 'ECONNRESET' })
  })

  it('maps a DOMException TimeoutError (AbortSignal.timeout) to ambiguous', () => {
    expect(classifyError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toMatchObject({
      class: 'ambiguous',
      detail: 'TimeoutError',
    })
  })

  it('maps an AbortError to ambiguous', () => {
    expect(classifyError(new DOMException('This operation was aborted', 'AbortError'))).toMatchObject({
      class: 'ambiguous',
      detail: 'AbortError',
    })
  })

  it('maps anything unrecognised to ambiguous', () => {
    expect(classifyError(new TypeError('fetch failed'))).toMatchObject({ class: 'ambiguous', detail: 'TypeError' })
    expect(classifyError('a string')).toMatchObject({ class: 'ambiguous', detail: 'unknown error' })
    expect(classifyError(undefined)).toMatchObject({ class: 'ambiguous', detail: 'unknown error' })
    expect(classifyError(Object.assign(new Error('x'), { code: 'EPIPE' })).class).toBe('ambiguous')
  })

  it('reads a look that failed as ambiguous, whatever failed (even a refused connection)', async () => {
    const probe = {
      method: 'GET',
      url: 'https://payments.test/v1/refunds?payment_intent=pi_1',
      purpose: 'probe',
    } as const
    expect(
      classify({ client: 'fetch', request: probe, error: fetchFailed('ECONNREFUSED') }, referenceMapping).class,
    ).toBe('ambiguous')
    expect(
      classify(await observe(probe, async () => new Response('{}', { status: 429 })), referenceMapping).class,
    ).toBe('ambiguous')
  })

  it('takes a mapping that throws or answers nonsense as ambiguous', () => {
    expect(
      classify(thrown(fetchFailed('ECONNREFUSED')), () => {
        throw new Error('bug')
      }).class,
    ).toBe('ambiguous')
    expect(classify(thrown(fetchFailed('ECONNREFUSED')), () => 'maybe' as never).class).toBe('ambiguous')
  })
})

describe('errorCode', () => {
  it('finds the code on the error or in its cause chain', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('ECONNRESET')
    expect(
      errorCode(
        new Error('a', { cause: new Error('b', { cause: Object.assign(new Error('c'), { code: 'ENOTFOUND' }) }) }),
      ),
    ).toBe('ENOTFOUND')
  })

  it('takes the outermost string code and skips numeric ones', () => {
    const outer = Object.assign(new Error('outer'), {
      code: 'UND_ERR_SOCKET',
      cause: Object.assign(new Error('inner'), { code: 'ECONNREFUSED' }),
    })
    expect(errorCode(outer)).toBe('UND_ERR_SOCKET')
    expect(errorCode(new DOMException('t', 'TimeoutError'))).toBeNull() // DOMException.code is a number
  })

  it('gives up on a very deep or absent chain', () => {
    let e: Error = Object.assign(new Error('deep'), { code: 'ECONNREFUSED' })
    for (let i = 0; i < 5; i++) e = new Error(`wrap ${i}`, { cause: e })
    expect(errorCode(e)).toBeNull()
    expect(errorCode(null)).toBeNull()
    expect(errorCode(new Error('plain'))).toBeNull()
  })
})

describe('the reference mapping of responses', () => {
  it('maps 200 to applied with the body', async () => {
    expect(await classifyResponse(Response.json({ id: 're_1' }, { status: 200 }))).toEqual({
      class: 'applied',
      body: { id: 're_1' },
      detail: '200',
      inFlight: false,
    })
  })

  it('maps 400 to rejected, naming the error code', async () => {
    expect(await classifyResponse(stripeError(400, 'amount_too_large'))).toMatchObject({
      class: 'rejected',
      detail: '400 amount_too_large',
    })
  })

  it.each([402, 404, 422])('maps %i to rejected', async (status) => {
    expect((await classifyResponse(stripeError(status, 'x'))).class).toBe('rejected')
  })

  it('names the error type when there is no code; a used key (idempotency_error) is ambiguous: its first may have landed', async () => {
    expect(await classifyResponse(stripeError(400, undefined, 'idempotency_error'))).toMatchObject({
      class: 'ambiguous',
      detail: '400 idempotency_error',
    })
  })

  it('maps a 409 to ambiguous, in flight, asking for no pause', async () => {
    expect(await classifyResponse(stripeError(409, 'idempotency_key_in_use'))).toMatchObject({
      class: 'ambiguous',
      detail: '409 idempotency_key_in_use',
      inFlight: true,
    })
  })

  it('maps 429 to not-sent, reading Retry-After in seconds (1 s when absent)', async () => {
    const r = await classifyResponse(
      new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'rate_limit' } }), {
        status: 429,
        headers: { 'retry-after': '2' },
      }),
    )
    expect(r).toMatchObject({ class: 'not-sent', retryAfterMs: 2_000, inFlight: false })
    expect(await classifyResponse(new Response('{}', { status: 429 }))).toMatchObject({
      class: 'not-sent',
      retryAfterMs: 1_000,
    })
  })

  it('reads Retry-After on an ambiguous answer, and none when it is not given', async () => {
    expect(await classifyResponse(new Response('{}', { status: 503, headers: { 'retry-after': '3' } }))).toMatchObject({
      class: 'ambiguous',
      retryAfterMs: 3_000,
    })
    expect(await classifyResponse(new Response('{}', { status: 503 }))).not.toHaveProperty('retryAfterMs')
  })

  it("maps Resend's 409s to ambiguous: another payload (the key's first may have landed) and in progress", async () => {
    const other = await classifyResponse(
      new Response(JSON.stringify({ statusCode: 409, name: 'invalid_idempotent_request', message: 'x' }), {
        status: 409,
      }),
    )
    expect(other.class).toBe('ambiguous')
    const busy = await classifyResponse(
      new Response(JSON.stringify({ statusCode: 409, name: 'concurrent_idempotent_requests', message: 'x' }), {
        status: 409,
      }),
    )
    expect(busy).toMatchObject({ class: 'ambiguous', inFlight: true })
  })

  it.each([500, 502, 503, 504, 408])('maps %i to ambiguous', async (status) => {
    expect((await classifyResponse(stripeError(status, undefined, 'api_error'))).class).toBe('ambiguous')
  })

  it('copes with a body that is not JSON', async () => {
    expect(await classifyResponse(new Response('<html>Bad gateway</html>', { status: 502 }))).toMatchObject({
      class: 'ambiguous',
      detail: '502',
      body: '<html>Bad gateway</html>',
    })
    expect(await classifyResponse(new Response('', { status: 200 }))).toMatchObject({ class: 'applied', body: null })
  })
})
