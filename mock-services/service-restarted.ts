/**
 * Thrown out of a service's handler when the service restarted while the
 * request was in flight: its work is lost. Adapters turn it into what a
 * client sees when a server dies mid-request (a reset connection).
 */
export class ServiceRestarted extends Error {
  override readonly name = 'ServiceRestarted'
  constructor(service: string) {
    super(`${service} restarted while the request was in flight`)
  }
}
