/**
 * Thrown when the service restarted mid-request: its work
 * is lost. Adapters answer it as a reset connection.
 */
export class ServiceRestarted extends Error {
  override readonly name = 'ServiceRestarted'
  constructor(service: string) {
    super(`${service} restarted while the request was in flight`)
  }
}
