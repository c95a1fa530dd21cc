// An exception mapping: what an executor concludes from what its HTTP client
// observed — an error it threw (or, for an SDK that returns errors as values,
// the error it returned), or a response — about the request's effect. The
// reference executor's mapping is one of these; `faultline audit-mapping`
// tries any module whose default export is one.

/** What a request's effect is, as far as the observation tells. */
export type MappingClass =
  /** The service did it (a 2xx). */
  | 'applied'
  /** The request never reached processing (refused connection, unknown name, a 429): nothing happened; it is safe to send again. */
  | 'not-sent'
  /** The service refused it as it stands (a 400, a 422): nothing happened, and sending it again as it is will not help. */
  | 'rejected'
  /** It may have happened (a reset, a timeout, a 5xx, a 409 in flight): only looking can tell. */
  | 'ambiguous'

export const MAPPING_CLASSES: readonly MappingClass[] = ['applied', 'not-sent', 'rejected', 'ambiguous']

/** The HTTP clients faultline reproduces faithfully (docs/fidelity.md). */
export type ClientName = 'fetch' | 'http' | 'axios' | 'stripe' | 'resend'

/** What the client observed for one request. */
export type Observed =
  | {
      readonly client: ClientName
      /** What the client threw — or, for the resend SDK, which returns errors as values, the `error` it returned. */
      readonly error: unknown
    }
  | {
      readonly client: ClientName
      readonly response: {
        readonly status: number
        /** Lower-case names. */
        readonly headers: Readonly<Record<string, string>>
        /** The parsed JSON body, the text if it was not JSON, or null. */
        readonly body: unknown
      }
    }

/** A mapping module's default export. It may throw or answer nonsense: the audit reports that per cell. */
export type ExceptionMapping = (observed: Observed) => MappingClass
