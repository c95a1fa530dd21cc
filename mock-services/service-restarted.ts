/**
 * Thrown when the service restarted mid-request,
 * losing its work; adapters answer a reset.
 */
export class ServiceRestarted extends Error {
  override readonly name = 'ServiceRestarted'
  constructor(service: string) {
    super(`${service} restarted while the request was in flight`)
  }
}
