// A service's processing time and restarts: work
// in flight at a restart throws ServiceRestarted.
import { ServiceRestarted } from './service-restarted.ts'

export class Processing {
  readonly #service: string
  readonly #ms: number
  readonly #pause: (() => Promise<void>) | undefined
  #epoch = 0

  /** `pause` replaces the `ms` timer (tests). */
  constructor(service: string, ms: number, pause?: () => Promise<void>) {
    this.#service = service
    this.#ms = ms
    this.#pause = pause
  }

  /** Every request in flight dies. */
  restart(): void {
    this.#epoch++
  }

  /** Wait out processing; throws on a restart. */
  async run(): Promise<void> {
    const epoch = this.#epoch
    if (this.#pause) await this.#pause()
    else if (this.#ms > 0) await new Promise((r) => setTimeout(r, this.#ms))
    if (this.#epoch !== epoch) throw new ServiceRestarted(this.#service)
  }
}
