// The SendGrid client's errors, from its own
// source (it is axios underneath).
import type { ClientInventory } from './inventory.ts'
import { rows, none, RESETS, OWN_TIMEOUTS, GATEWAY_HTML } from './shared.ts'

export const SENDGRID: ClientInventory = {
  client: 'sendgrid',
  package: '@sendgrid/mail (@sendgrid/client, @sendgrid/helpers; axios)',
  version: '8.1.6',
  read: [
    'node_modules/@sendgrid/mail/src/classes/mail-service.js',
    'node_modules/@sendgrid/client/src/classes/client.js',
    'node_modules/@sendgrid/helpers/classes/response-error.js',
    'node_modules/@sendgrid/helpers/classes/mail.js',
  ],
  errors: [
    {
      ids: ['ResponseError'],
      shows: 'ResponseError (name Error): <statusText> status N (code: the status; response.body: SendGrid errors[])',
      where: 'client.js request(): error.response with status ≥ 400 → new ResponseError(error.response)',
      produced: rows(
        'error-response.400',
        'error-response.429',
        'error-response.503',
        'server-fails-before-apply.503',
        'server-fails-before-apply.500',
        ...GATEWAY_HTML,
      ),
    },
    {
      ids: ['AxiosError'],
      shows:
        'AxiosError: timeout of 10000ms exceeded [ECONNABORTED]; AxiosError (name Error): socket hang up [ECONNRESET] ← …',
      where: 'client.js request(): any other axios error rejected as is (axios 1.21.1: its inventory)',
      produced: rows(
        'connection-refused',
        'dns-failure',
        ...RESETS,
        ...OWN_TIMEOUTS.filter((r) => !r.startsWith('probe')),
        'body-cut',
        'body-stall',
      ),
    },
    {
      ids: ['Error', 'TypeError'],
      shows: "Error: Provide at least one of to, cc or bcc (and the helpers' other argument checks)",
      where: 'helpers/classes/mail.js, mail-service.js, client.js: throw new Error(…) on the arguments',
      produced: none('caller', "the caller's message fails the helpers' checks, before any request"),
    },
  ],
}
