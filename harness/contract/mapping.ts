// An exception mapping: what an executor concludes from what its HTTP client
// observed — an error it threw (or, for an SDK that returns errors as values,
// the error it returned), or a response — about the effect of the request it
// made. The reference executor's mapping is one of these (a strategy of its
// policy); `faultline audit-mapping` tries any module whose default export is
// one, cell by cell (docs/mapping-audit.md).

/**
 * What the observation says about the side effect the executor was after.
 * A class is about the effect, not about whether to retry: "retry" mixes
 * "nothing happened" with "it may have happened, but a key makes a resend harmless".
 */
export type MappingClass =
  /** The service did it (a 2xx). */
  | 'applied'
  /** The request never reached processing (refused connection, unknown name, a 429): nothing happened, and sending it again may work. */
  | 'not-sent'
  /** The service refused it as it stands (a 400, a 422): nothing happened, and sending it again as it is will not help. */
  | 'rejected'
  /** It may have happened (a reset, a timeout, a gateway's 504, a 409 in flight): only looking can tell. */
  | 'ambiguous'

export const MAPPING_CLASSES: readonly MappingClass[] = ['applied', 'not-sent', 'rejected', 'ambiguous']

/** The HTTP clients faultline reproduces faithfully (docs/fidelity.md). */
export type ClientName = 'fetch' | 'http' | 'axios' | 'stripe' | 'resend'

export const CLIENT_NAMES: readonly ClientName[] = ['fetch', 'http', 'axios', 'stripe', 'resend']

/** The request the observation is about: enough to tell a side-effecting send from a look. */
export interface ObservedRequest {
  /** `POST`, `GET`, … (upper case). */
  readonly method: string
  readonly url: string
  /**
   * `send`: the side-effecting request itself. `probe`: a read made to find out
   * whether an earlier send took effect (reconciliation). An executor asks its
   * mapping about a probe only when the look failed (an error, or a status that
   * is not 2xx): the class then says what that failure tells about the effect looked for.
   */
  readonly purpose: 'send' | 'probe'
}

/** What the client observed for one request. */
export type Observed =
  | {
      readonly client: ClientName
      readonly request: ObservedRequest
      /**
       * What the client threw, exactly as it threw it — a TypeError('fetch failed') with its
       * cause, Node's `socket hang up`, an AxiosError (for a non-2xx status too, with its
       * `response`), a StripeError — or, for the resend SDK, which returns errors as values,
       * the `error` it returned (`{ name, message, statusCode }`, statusCode null when no answer came).
       */
      readonly error: unknown
    }
  | {
      readonly client: ClientName
      readonly request: ObservedRequest
      readonly response: {
        readonly status: number
        /** Lower-case names. */
        readonly headers: Readonly<Record<string, string>>
        /** The parsed JSON body, the text if it was not JSON, or null. */
        readonly body: unknown
      }
    }

/**
 * A mapping module's default export: synchronous and pure. What it throws, or
 * answers that is not one of the four classes, the reference takes as
 * `ambiguous`; the audit reports it cell by cell.
 */
export type ExceptionMapping = (observed: Observed) => MappingClass
