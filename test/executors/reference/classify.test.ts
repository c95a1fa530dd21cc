import { describe, expect, it } from 'vitest'
import { classifyError, classifyResponse, errorCode } from '../../../executors/reference/classify.ts'

function fetchFailed(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code }) })
}

function stripeError(status: number, code?: string, type = 'invalid_request_error'): Response {
  return Response.json({ error: { type, message: 'nope', ...(code ? { code } : {}) } }, { status })
}

describe('classifyError', () => {
  it('maps a refused connection (wrapped by undici) to not-sent', () => {
    expect(classifyError(fetchFailed('ECONNREFUSED'))).toEqual({ kind: 'not-sent', detail: 'ECONNREFUSED' })
  })

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])('maps %s to not-sent', (code) => {
    expect(classifyError(fetchFailed(code)).kind).toBe('not-sent')
  })

  it('maps a connection reset to ambiguous', () => {
    expect(classifyError(fetchFailed('ECONNRESET'))).toEqual({ kind: 'ambiguous', detail: 'ECONNRESET' })
  })

  it('maps a DOMException TimeoutError (AbortSignal.timeout) to ambiguous', () => {
    expect(classifyError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toEqual({ kind: 'ambiguous', detail: 'TimeoutError' })
  })

  it('maps an AbortError to ambiguous', () => {
    expect(classifyError(new DOMException('This operation was aborted', 'AbortError'))).toEqual({ kind: 'ambiguous', detail: 'AbortError' })
  })

  it('maps anything unrecognised to ambiguous', () => {
    expect(classifyError(new TypeError('fetch failed'))).toEqual({ kind: 'ambiguous', detail: 'TypeError' })
    expect(classifyError('a string')).toEqual({ kind: 'ambiguous', detail: 'unknown error' })
    expect(classifyError(undefined)).toEqual({ kind: 'ambiguous', detail: 'unknown error' })
    expect(classifyError(Object.assign(new Error('x'), { code: 'EPIPE' })).kind).toBe('ambiguous')
  })
})

describe('errorCode', () => {
  it('finds the code on the error or in its cause chain', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('ECONNRESET')
    expect(errorCode(new Error('a', { cause: new Error('b', { cause: Object.assign(new Error('c'), { code: 'ENOTFOUND' }) }) }))).toBe('ENOTFOUND')
  })

  it('takes the outermost string code and skips numeric ones', () => {
    const outer = Object.assign(new Error('outer'), { code: 'UND_ERR_SOCKET', cause: Object.assign(new Error('inner'), { code: 'ECONNREFUSED' }) })
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

describe('classifyResponse', () => {
  it('maps 200 to succeeded with the body', async () => {
    expect(await classifyResponse(Response.json({ id: 're_1' }, { status: 200 }))).toEqual({ kind: 'succeeded', body: { id: 're_1' } })
  })

  it('maps 400 to rejected, naming the error code', async () => {
    expect(await classifyResponse(stripeError(400, 'amount_too_large'))).toEqual({ kind: 'rejected', status: 400, detail: '400 amount_too_large' })
  })

  it.each([402, 404, 422])('maps %i to rejected', async (status) => {
    expect((await classifyResponse(stripeError(status, 'x'))).kind).toBe('rejected')
  })

  it('names the error type when there is no code (idempotency_error)', async () => {
    expect(await classifyResponse(stripeError(400, undefined, 'idempotency_error'))).toEqual({ kind: 'rejected', status: 400, detail: '400 idempotency_error' })
  })

  it('maps 409 to in-flight', async () => {
    expect(await classifyResponse(stripeError(409, 'idempotency_key_in_use'))).toEqual({ kind: 'in-flight', detail: '409 idempotency_key_in_use' })
  })

  it('maps 429 to rate-limited, reading Retry-After in seconds', async () => {
    const r = await classifyResponse(new Response(JSON.stringify({ error: { type: 'invalid_request_error', code: 'rate_limit' } }), { status: 429, headers: { 'retry-after': '2' } }))
    expect(r).toMatchObject({ kind: 'rate-limited', retryAfterMs: 2_000 })
  })

  it("maps Resend's 409 for another payload to rejected, and its in-progress 409 to in-flight", async () => {
    const other = await classifyResponse(new Response(JSON.stringify({ statusCode: 409, name: 'invalid_idempotent_request', message: 'x' }), { status: 409 }))
    expect(other.kind).toBe('rejected')
    const busy = await classifyResponse(new Response(JSON.stringify({ statusCode: 409, name: 'concurrent_idempotent_requests', message: 'x' }), { status: 409 }))
    expect(busy.kind).toBe('in-flight')
  })

  it.each([500, 502, 503, 504, 408])('maps %i to ambiguous', async (status) => {
    expect((await classifyResponse(stripeError(status, undefined, 'api_error'))).kind).toBe('ambiguous')
  })

  it('copes with a body that is not JSON', async () => {
    expect(await classifyResponse(new Response('<html>Bad gateway</html>', { status: 502 }))).toEqual({ kind: 'ambiguous', detail: '502' })
    expect(await classifyResponse(new Response('', { status: 200 }))).toEqual({ kind: 'succeeded', body: null })
  })
})
