// A deadline forwarded by the client: `X-Request-Deadline: <epoch ms>`. A
// service that honours it refuses, with no effect, work that arrives after it
// — so a request held in the network cannot land after the caller gave up on
// the whole turn. (faultline's convention, after the seed's advice to forward
// the deadline to the remote service.)

export const DEADLINE_HEADER = 'x-request-deadline'

/** True when the request carries a deadline that has passed. */
export function pastDeadline(request: Request, now: number): boolean {
  const raw = request.headers.get(DEADLINE_HEADER)
  if (raw === null) return false
  const deadline = Number(raw)
  return Number.isFinite(deadline) && now > deadline
}
