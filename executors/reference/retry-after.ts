// Retry-After: how long to send a service nothing
// after it asked for a pause. The pause holds back
// every request to that service, in later asks too.

/** How long to wait when asked for `askedMs`. */
export type RetryAfterRule = (askedMs: number) => number

/** The reference: as long as it asked. */
export const honourRetryAfter: RetryAfterRule = (askedMs) => askedMs
