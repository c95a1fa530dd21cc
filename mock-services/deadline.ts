// faultline's deadline header (epoch ms): a
// service that honours it refuses late work, so a
// held request can't land after the caller gave up.

export const DEADLINE_HEADER = 'x-request-deadline'

/** True when its forwarded deadline has passed. */
export function pastDeadline(request: Request, now: number): boolean {
  const raw = request.headers.get(DEADLINE_HEADER)
  if (raw === null) return false
  const deadline = Number(raw)
  return Number.isFinite(deadline) && now > deadline
}
