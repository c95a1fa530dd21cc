// Every error the clients and the vendors' SDKs can raise for a
// request, read from their own source, and the
// matrix rows that produce each — or why none
// (docs/mapping-audit.md § How complete).
// test/harness/audit/client-errors.test.ts reads
// the installed sources and fails on any error
// this table does not name.
import { AXIOS } from './client-errors/axios.ts'
import { FETCH } from './client-errors/fetch.ts'
import { NODE_HTTP } from './client-errors/http.ts'
import type { ClientInventory } from './client-errors/inventory.ts'
import { PAYPAL } from './client-errors/paypal.ts'
import { RESEND } from './client-errors/resend.ts'
import { SENDGRID } from './client-errors/sendgrid.ts'
import { SES } from './client-errors/ses.ts'
import { SQUARE } from './client-errors/square.ts'
import { STRIPE } from './client-errors/stripe.ts'

export type { ClientError, ClientInventory, NoRowWhy, Produced } from './client-errors/inventory.ts'

export const CLIENT_ERRORS: readonly ClientInventory[] = [
  FETCH,
  NODE_HTTP,
  AXIOS,
  STRIPE,
  RESEND,
  SQUARE,
  PAYPAL,
  SES,
  SENDGRID,
]

/** Every row id the table names. */
export function namedRows(): string[] {
  const ids = new Set<string>()
  for (const c of CLIENT_ERRORS) {
    for (const e of c.errors) if (e.produced.by === 'rows') for (const r of e.produced.rows) ids.add(r)
  }
  return [...ids]
}
