// An exception mapping: what an executor concludes
// about a request's effect from what its HTTP
// client observed. See docs/mapping-audit.md.

/**
 * What the observation says about the side
 * effect. About the effect, not whether to
 * retry (docs/internals/engine.md).
 */
export type MappingClass =
  /** The service did it (a 2xx). */
  | 'applied'
  /**
   * Never reached processing (refused, unknown name,
   * 429): nothing happened; sending again may work.
   */
  | 'not-sent'
  /**
   * Refused as it stands (400, 422): nothing happened;
   * sending it again unchanged will not help.
   */
  | 'rejected'
  /**
   * May have happened (reset, timeout, 504,
   * 409 in flight): only looking can tell.
   */
  | 'ambiguous'

export const MAPPING_CLASSES: readonly MappingClass[] = ['applied', 'not-sent', 'rejected', 'ambiguous']

/**
 * The HTTP clients faultline reproduces
 * (docs/fidelity.md), and the vendors'
 * official SDKs (docs/mapping-audit.md).
 */
export type ClientName = 'fetch' | 'http' | 'axios' | 'stripe' | 'resend' | 'square' | 'paypal' | 'ses' | 'sendgrid'

export const CLIENT_NAMES: readonly ClientName[] = [
  'fetch',
  'http',
  'axios',
  'stripe',
  'resend',
  'square',
  'paypal',
  'ses',
  'sendgrid',
]

/**
 * The request observed: enough to tell
 * a side-effecting send from a look.
 */
export interface ObservedRequest {
  /** `POST`, `GET`, … (upper case). */
  readonly method: string
  readonly url: string
  /**
   * `send`: the side-effecting request. `probe`: a
   * read to find out whether an earlier send took
   * effect; asked about only when the look failed.
   */
  readonly purpose: 'send' | 'probe'
}

/** What the client observed for one request. */
export type Observed =
  | {
      readonly client: ClientName
      readonly request: ObservedRequest
      /**
       * What the client threw, exactly as thrown;
       * for the resend SDK, the `error` it returned
       * as a value (`{ name, message, statusCode }`,
       * statusCode null when no answer came).
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
        /** The parsed JSON body, else the text, or null. */
        readonly body: unknown
      }
    }

/**
 * A mapping module's default export:
 * synchronous and pure. A throw or a
 * non-class answer counts as `ambiguous`.
 */
export type ExceptionMapping = (observed: Observed) => MappingClass
