// The inventory is complete: every error the
// installed clients' sources can raise is in
// harness/audit/client-errors.ts, with rows
// that exist, or a reason for none. A new
// client version with a new error fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_CASES, appliesTo } from '../../../harness/audit/cases.ts'
import { CLIENT_ERRORS, type ClientInventory, namedRows } from '../../../harness/audit/client-errors.ts'
import { CLIENT_NAMES, type ClientName } from '../../../harness/contract/mapping.ts'

const require = createRequire(import.meta.url)
/** The package's folder (some export no package.json). */
function root(pkg: string): string {
  let dir = dirname(require.resolve(pkg))
  while (!existsSync(join(dir, 'package.json')) || readJson(join(dir, 'package.json')).name !== pkg) {
    dir = dirname(dir)
  }
  return dir
}
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string }
const read = (pkg: string, file: string) => readFileSync(join(root(pkg), file), 'utf8')
const version = (pkg: string) => readJson(join(root(pkg), 'package.json')).version
const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!)

const inventory = (client: ClientName): ClientInventory => CLIENT_ERRORS.find((c) => c.client === client)!
const ids = (client: ClientName) => new Set(inventory(client).errors.flatMap((e) => e.ids))
const missing = (client: ClientName, found: readonly string[]) => found.filter((x) => !ids(client).has(x))

/** What undici's errors.js and fetch can raise. */
function undiciErrors(): string[] {
  const errors = read('undici', 'lib/core/errors.js')
  const fetch = read('undici', 'lib/web/fetch/index.js')
  return [
    ...all(errors, /this\.code = '([A-Z_]+)'/g),
    // HTTPParserError: `HPE_${llhttp's code}`.
    ...(/`HPE_\$\{code\}`/.test(errors) ? ['HPE_*'] : []),
    ...all(fetch, /makeNetworkError\(\s*'((?:[^'\\]|\\.)*)'/g).map((m) => m.replace(/\\(.)/g, '$1')),
    ...all(fetch, /makeNetworkError\(\s*"([^"]*)"/g),
    ...all(fetch, /new TypeError\('([^']+)'/g),
    ...all(fetch, /new DOMException\([^)]*?'(\w+)'\)/g),
    ...all(fetch, /new Error\(`([^`$]*)/g),
  ]
}

function axiosErrors(): string[] {
  return [
    ...all(read('axios', 'lib/core/AxiosError.js'), /AxiosError\.[A-Z_]+ = '([A-Z_]+)'/g),
    ...all(read('axios', 'lib/cancel/CanceledError.js'), /this\.name = '(\w+)'/g),
    // axios's default transport in Node.
    ...all(read('follow-redirects', 'index.js'), /createErrorType\(\s*"([A-Z_]+)"/g),
  ]
}

function stripeErrors(): string[] {
  return [
    ...all(read('stripe', 'esm/Error.js'), /^export class (\w+) extends/gm),
    ...all(read('stripe', 'esm/net/HttpClient.js'), /^export class (\w+) extends/gm),
  ]
}

function resendErrors(): string[] {
  const types = read('resend', 'dist/index.d.mts')
  const union = /type RESEND_ERROR_CODE_KEY = ([^;]+);/.exec(types)?.[1] ?? ''
  return [
    ...all(union, /'([a-z_]+)'/g),
    // `name: "name" in template` is not an error.
    ...all(read('resend', 'dist/index.mjs'), /name: "([a-z_]+)"(?! in)/g),
  ]
}

/** The square SDK's error classes, and its fetcher's failure reasons. */
function squareErrors(): string[] {
  const classes = [
    'errors/SquareError.js',
    'errors/SquareTimeoutError.js',
    'core/schemas/builders/schema-utils/JsonError.js',
    'core/schemas/builders/schema-utils/ParseError.js',
  ]
  return [
    ...classes.flatMap((f) => all(read('square', f), /class (\w+) extends Error/g)),
    ...['core/fetcher/Fetcher.js', 'core/fetcher/getResponseBody.js'].flatMap((f) =>
      all(read('square', f), /reason: "([a-z-]+)"/g),
    ),
  ]
}

/** The PayPal SDK's error classes and @apimatic/core's beneath it. */
function paypalErrors(): string[] {
  const classes = (pkg: string, dir: string) =>
    readdirSync(join(root(pkg), dir))
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => all(read(pkg, join(dir, f)), /function (\w+Error)\(/g))
  return [...classes('@paypal/paypal-server-sdk', 'dist/cjs/errors'), ...classes('@apimatic/core', 'lib/errors')]
}

/** SES's modelled exceptions, and the names its HTTP handler gives errors. */
function sesErrors(): string[] {
  const sdk = read('@aws-sdk/client-sesv2', 'dist-cjs/index.js')
  const handler = read('@smithy/node-http-handler', 'dist-cjs/index.js')
  return [
    ...all(sdk, /class (\w+) extends SESv2ServiceException/g),
    ...(/class SESv2ServiceException extends/.test(sdk) ? ['SESv2ServiceException'] : []),
    ...all(handler, /name: "(\w+)"/g),
    ...all(handler, /\.name = "(\w+)"/g),
  ]
}

/** SendGrid's error class, and what its code throws on arguments. */
function sendgridErrors(): string[] {
  return [
    ...all(read('@sendgrid/helpers', 'classes/response-error.js'), /class (\w+) extends Error/g),
    ...all(read('@sendgrid/helpers', 'classes/mail.js'), /throw new (\w+)\(/g),
    ...all(read('@sendgrid/mail', 'src/classes/mail-service.js'), /throw new (\w+)\(/g),
    ...all(read('@sendgrid/client', 'src/classes/client.js'), /throw new (\w+)\(/g),
  ]
}

describe('the inventory of every error a client can raise', () => {
  it('was read from the versions installed (a new version must be read again)', () => {
    expect(inventory('fetch').version).toBe(version('undici'))
    // The fetch that runs is the undici read.
    expect(process.versions.undici).toBe(version('undici'))
    expect(process.version.split('.')[0]).toBe(inventory('http').version.split('.')[0])
    expect(inventory('axios').version).toBe(version('axios'))
    expect(inventory('stripe').version).toBe(version('stripe'))
    expect(inventory('resend').version).toBe(version('resend'))
    expect(inventory('square').version).toBe(version('square'))
    expect(inventory('paypal').version).toBe(version('@paypal/paypal-server-sdk'))
    expect(inventory('ses').version).toBe(version('@aws-sdk/client-sesv2'))
    expect(inventory('sendgrid').version).toBe(version('@sendgrid/mail'))
  })

  it("names every error in the clients' own sources", () => {
    const found = {
      fetch: undiciErrors(),
      axios: axiosErrors(),
      stripe: stripeErrors(),
      resend: resendErrors(),
      square: squareErrors(),
      paypal: paypalErrors(),
      ses: sesErrors(),
      sendgrid: sendgridErrors(),
    } as const
    // The extraction itself still finds things.
    expect(found.fetch).toEqual(expect.arrayContaining(['UND_ERR_HEADERS_TIMEOUT', 'HPE_*', 'bad port', 'AbortError']))
    expect(found.axios).toEqual(expect.arrayContaining(['ERR_CANCELED', 'CanceledError', 'ERR_FR_TOO_MANY_REDIRECTS']))
    expect(found.stripe).toEqual(expect.arrayContaining(['StripeConnectionError', 'HttpClientResponseBodyError']))
    expect(found.resend).toEqual(expect.arrayContaining(['application_error', 'rate_limit_exceeded']))
    expect(found.square).toEqual(expect.arrayContaining(['SquareError', 'SquareTimeoutError', 'unknown', 'non-json']))
    expect(found.paypal).toEqual(expect.arrayContaining(['CustomError', 'ApiError', 'AbortError']))
    expect(found.ses).toEqual(expect.arrayContaining(['TooManyRequestsException', 'TimeoutError', 'AbortError']))
    expect(found.sendgrid).toEqual(expect.arrayContaining(['ResponseError', 'Error']))
    for (const [client, errors] of Object.entries(found)) {
      expect(missing(client as ClientName, errors), `${client}: in its source, not in the inventory`).toEqual([])
    }
  })

  it('gives each error its rows, or why none, and each client its place read', () => {
    for (const c of CLIENT_ERRORS) {
      expect(c.read.length, c.client).toBeGreaterThan(0)
      for (const e of c.errors) {
        expect(e.ids.length * e.shows.length * e.where.length, `${c.client} ${e.ids[0]}`).toBeGreaterThan(0)
        if (e.produced.by === 'rows') expect(e.produced.rows.length, `${c.client} ${e.ids[0]}`).toBeGreaterThan(0)
        else expect(e.produced.detail.length, `${c.client} ${e.ids[0]}`).toBeGreaterThan(20)
      }
    }
    expect(CLIENT_ERRORS.map((c) => c.client).sort()).toEqual([...CLIENT_NAMES].sort())
  })

  it('names only rows that exist, each for a client it applies to', () => {
    const existing = new Set(AUDIT_CASES.map((c) => c.id))
    expect(namedRows().filter((r) => !existing.has(r))).toEqual([])
    for (const c of CLIENT_ERRORS) {
      for (const e of c.errors) {
        if (e.produced.by !== 'rows') continue
        for (const id of e.produced.rows) {
          const row = AUDIT_CASES.find((r) => r.id === id)
          if (row) expect(appliesTo(row, c.client), `${id} × ${c.client}`).toBe(true)
        }
      }
    }
  })

  it('accounts for every row of the matrix', () => {
    const named = new Set(namedRows())
    expect(AUDIT_CASES.map((c) => c.id).filter((id) => !named.has(id) && id !== 'latency.slow-success')).toEqual([])
  })
})
