import { describe, expect, it } from 'vitest'
import { showOf, signatureOf } from '../../../harness/audit/observation-text.ts'
import type { Observed } from '../../../harness/contract/mapping.ts'

const send = { method: 'POST', url: 'https://payments.test/v1/refunds', purpose: 'send' } as const
const err = (error: unknown, client: Observed['client'] = 'fetch'): Observed => ({ client, request: send, error })
class SocketError extends Error {
  override readonly name = 'SocketError'
  readonly code = 'UND_ERR_SOCKET'
}
const closed = () => new TypeError('fetch failed', { cause: new SocketError('other side closed') })

describe('an observation in words', () => {
  it('gives observations a mapping cannot tell apart one signature, whatever their free text', () => {
    const a = Object.assign(new Error('Request failed with status code 409'), {
      name: 'AxiosError',
      code: 'ERR_BAD_REQUEST',
      response: {
        status: 409,
        data: {
          error: {
            code: 'idempotency_key_in_use',
            message:
              'There is currently another in-progress request using this Idempotent Key. Please try again later.',
          },
        },
      },
    })
    const b = Object.assign(new Error('Request failed with status code 409'), {
      name: 'AxiosError',
      code: 'ERR_BAD_REQUEST',
      response: {
        status: 409,
        data: {
          error: {
            code: 'idempotency_key_in_use',
            message:
              'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice): k. Please try again later.',
          },
        },
      },
    })
    expect(signatureOf(err(a, 'axios'))).toBe(signatureOf(err(b, 'axios')))
    expect(signatureOf(err(closed()))).toBe(signatureOf(err(closed())))
  })

  it('tells apart what differs in kind, code, status, client or purpose', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    })
    expect(signatureOf(err(refused))).not.toBe(signatureOf(err(closed())))
    expect(
      signatureOf({
        client: 'fetch',
        request: send,
        response: { status: 503, headers: {}, body: { error: { type: 'api_error' } } },
      }),
    ).not.toBe(
      signatureOf({
        client: 'fetch',
        request: send,
        response: { status: 500, headers: {}, body: { error: { type: 'api_error' } } },
      }),
    )
    expect(signatureOf(err(closed()))).not.toBe(
      signatureOf({ ...err(closed()), request: { ...send, purpose: 'probe' } }),
    )
    expect(signatureOf(err({ name: 'application_error', statusCode: null, message: 'x' }, 'resend'))).not.toBe(
      signatureOf(err({ name: 'application_error', statusCode: 504, message: 'x' }, 'resend')),
    )
  })

  it('reads like the fidelity table, and never throws', () => {
    expect(showOf(err(closed()))).toBe('TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]')
    expect(
      showOf({ client: 'fetch', request: send, response: { status: 504, headers: {}, body: '<html>504</html>' } }),
    ).toBe('HTTP 504 (not JSON)')
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no')
        },
        getPrototypeOf: () => {
          throw new Error('no')
        },
      },
    )
    expect(() => showOf(err(hostile))).not.toThrow()
    expect(() => signatureOf(err(hostile))).not.toThrow()
  })
})
