// The error a refused network attempt gets,
// shaped as Node's own (code, errno, syscall).

/** What was tried, and the host it named. */
export type Blocked = (what: string, host: string) => void

export function blockedError(code: 'ECONNREFUSED' | 'ENOTFOUND', syscall: string, what: string): NodeJS.ErrnoException {
  return Object.assign(
    new Error(
      `${syscall} ${code} ${what} (faultline blocks network access outside the mock services; use the URLs in ctx.services)`,
    ),
    { code, syscall, errno: code === 'ENOTFOUND' ? -3008 : -111 },
  )
}
