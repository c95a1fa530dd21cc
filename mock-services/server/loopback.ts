// The mock services over real sockets on
// 127.0.0.1, one port each: node:http adapted to
// the services' Fetch handlers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MockService } from '../service.ts'

export interface LoopbackServer {
  /** Each service's base URL. */
  readonly urls: Readonly<Record<string, string>>
  close(): Promise<void>
}

/**
 * Serve each service on its own port (from
 * `firstPort`; 0 picks free ones). Socket
 * requests have no tool call.
 */
export async function serveLoopback(services: readonly MockService[], firstPort = 0): Promise<LoopbackServer> {
  const servers: Server[] = []
  const urls: Record<string, string> = {}
  let attempt = 0
  try {
    for (const [i, service] of services.entries()) {
      const server = createServer((req, res) => {
        void answer(service, req, res, ++attempt)
      })
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(firstPort === 0 ? 0 : firstPort + i, '127.0.0.1', () => resolve())
      })
      servers.push(server)
      urls[service.name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    }
  } catch (e) {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
    throw e
  }
  return {
    urls,
    close: () =>
      Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.closeAllConnections()
              s.close(() => resolve())
            }),
        ),
      ).then(() => undefined),
  }
}

async function answer(service: MockService, req: IncomingMessage, res: ServerResponse, attempt: number): Promise<void> {
  try {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    })
    const response = await service.handle(request, { attempt, call: null })
    const out = Buffer.from(await response.arrayBuffer())
    const outHeaders: Record<string, string> = {}
    response.headers.forEach((v, k) => (outHeaders[k] = v))
    outHeaders['content-length'] = String(out.length)
    res.writeHead(response.status, outHeaders)
    res.end(out)
  } catch (e) {
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { type: 'api_error', message: `faultline: ${(e as Error).message}` } }))
  }
}
