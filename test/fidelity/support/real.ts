// The reference: each client against a REAL socket
// on 127.0.0.1 that refuses, destroys the connection
// after reading the request, or never answers. Run
// with no msw active (it would route loopback too).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { ClientCall } from './clients.ts'
import { REAL, type FaultCase, type RealBehaviour } from './faults.ts'
import { observe, type Cell } from './observe.ts'

interface RealServer {
  readonly url: string
  /** Requests read in full. */
  requests(): number
  close(): Promise<void>
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}

async function startServer(behaviour: RealBehaviour): Promise<RealServer> {
  if (behaviour === 'closed-port') {
    // A port just ours and now closed: refused.
    const probe = createServer()
    const port = await listen(probe)
    await shut(probe)
    return { url: `http://127.0.0.1:${port}`, requests: () => 0, close: async () => {} }
  }
  let requests = 0
  const server = createServer((req) => {
    req.resume()
    req.on('end', () => {
      requests++
      // 'destroy-after-request': close with no response
      // (a crash or reset); 'never-answer': stay silent.
      if (behaviour === 'destroy-after-request') req.socket.destroy()
    })
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => shut(server) }
}

/** One client call against a real socket, observed. */
export async function captureReal(call: ClientCall, fault: FaultCase): Promise<Cell> {
  const server = await startServer(REAL[fault])
  try {
    const start = performance.now()
    const outcome = await call(server.url).then(
      (status) => ({ kind: 'response' as const, status }),
      (e: unknown) => ({ kind: 'error' as const, error: observe(e) }),
    )
    const elapsedMs = performance.now() - start
    return { outcome, requests: server.requests(), elapsedMs }
  } finally {
    await server.close()
  }
}
