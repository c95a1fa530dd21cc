// The inventory's shape: per client, each error
// it can raise, and the rows that make it.
import type { ClientName } from '../../contract/mapping.ts'

/**
 * Why no row produces an error:
 * - `caller`: the caller's own arguments,
 *   options or client state, before or
 *   apart from any request: not a fault;
 * - `unused-feature`: a feature the audit's
 *   requests do not use (redirects, proxies,
 *   HTTP/2, pools, retry handlers, …);
 * - `never-surfaces`: internal to the client,
 *   never handed to the caller;
 * - `service-verdict`: the service's own
 *   answer on the request (auth, card, not
 *   found): no fault makes it;
 * - `gap`: a real fault no row makes yet
 *   (docs: the audit's known blind spots).
 */
export type NoRowWhy = 'caller' | 'unused-feature' | 'never-surfaces' | 'service-verdict' | 'gap'

export type Produced =
  | { readonly by: 'rows'; readonly rows: readonly string[] }
  | { readonly by: 'none'; readonly why: NoRowWhy; readonly detail: string }

export interface ClientError {
  /**
   * How the client's source names it: codes,
   * classes, `name`s, or a network error's text.
   */
  readonly ids: readonly string[]
  /** What a mapping sees, in a line. */
  readonly shows: string
  /** Where in the client's source it is raised. */
  readonly where: string
  readonly produced: Produced
}

export interface ClientInventory {
  readonly client: ClientName
  /** The package (or runtime) read, and its version. */
  readonly package: string
  readonly version: string
  /** The files read for it. */
  readonly read: readonly string[]
  readonly errors: readonly ClientError[]
}
