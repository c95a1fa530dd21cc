// faultline's deadline header, `X-Request-Deadline: <epoch
// ms>`: a service that honours it refuses late work, so a
// held request cannot land after the caller gave up.

export const DEADLINE_HEADER = 'x-request-deadline'

/** True when the request carries a deadline that has passed. */
export function pastDeadline(request: Request, now: number): boolean {
  const raw = request.headers.get(DEADLINE_HEADER)
  if (raw === null) return false
  const deadline = Number(raw)
  return Number.isFinite(deadline) && now > deadline
}
