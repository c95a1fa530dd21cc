// What every mock service is to the harness: something that answers a Fetch
// API Request. The same handler serves msw in-process and a loopback socket.

/** Who sent a request, as the harness knows it (never taken from the request itself). */
export interface Delivery {
  readonly attempt: number
  readonly call: string | null
}

export interface MockService {
  /** `payments`, `email`. */
  readonly name: string
  /** Answer one delivered request. */
  handle(request: Request, delivery: Delivery): Promise<Response>
  /** Does this request change the world (and so can a fault strike it as an attempt)? */
  isMutation(request: Request): boolean
}
