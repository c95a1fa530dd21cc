// Raw sockets, datagrams and DNS fail closed in a
// run, checked without sending anything off the
// machine: the real connect sits behind a spy that
// must never see a public address.
import dgram from 'node:dgram'
import net from 'node:net'
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { installNetworkGuard, isLoopback } from '../../../harness/sim/network-guard.ts'
import rawNetwork, { seen } from '../../fixtures/hostile/raw-network.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('network guard', () => {
  const reached: string[] = []
  const realConnect = net.Socket.prototype.connect
  const realSend = dgram.Socket.prototype.send
  beforeEach(() => {
    reached.length = 0
    // Spies stand in for the real calls: whatever the
    // guard lets through is recorded, not sent.
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      const first = Array.isArray(args[0]) ? args[0][0] : args[0]
      reached.push(
        `connect ${JSON.stringify(typeof first === 'object' ? { host: (first as { host?: string }).host, port: (first as { port?: number }).port } : args)}`,
      )
      return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args)
    } as typeof realConnect
    dgram.Socket.prototype.send = function (this: dgram.Socket, ...args: unknown[]) {
      reached.push('udp send')
      return (realSend as (...a: unknown[]) => void).apply(this, args)
    } as typeof realSend
  })
  afterEach(() => {
    net.Socket.prototype.connect = realConnect
    dgram.Socket.prototype.send = realSend
  })

  it('refuses a public TCP address, UDP and DNS inside a run; the real calls are never reached', async () => {
    seen.length = 0
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), rawNetwork)
    expect(seen).toEqual(['tcp ECONNREFUSED', 'udp ECONNREFUSED', 'dns ENOTFOUND'])
    expect(reached).toEqual([])
    // Each names the host it tried, on the call it came from.
    expect(eventsOf(history, 'executor-fault').map((e) => [e.problem, e.host, e.call])).toEqual([
      ['blocked-network', '93.184.216.34', 'run-7/s1'],
      ['blocked-network', '8.8.8.8', 'run-7/s1'],
      ['blocked-network', 'example.com', 'run-7/s1'],
    ])
    // And it is all undone: the spies are back.
    expect(net.Socket.prototype.connect).not.toBe(realConnect)
    expect(reached).toEqual([])
  })

  it('lets loopback through', async () => {
    const server = createServer((s) => s.end('hi'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const port = (server.address() as net.AddressInfo).port
    const guard = installNetworkGuard(() => reached.push('blocked!'))
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const c = net.connect(port, '127.0.0.1')
        let got = ''
        c.on('data', (d) => (got += d))
          .on('end', () => resolve(got))
          .on('error', reject)
      })
      expect(text).toBe('hi')
      expect(reached).toEqual([expect.stringContaining('127.0.0.1')])
    } finally {
      guard.undo()
      server.close()
    }
  })

  it('knows loopback when it sees it', () => {
    for (const h of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', 'api.localhost', undefined])
      expect(isLoopback(h)).toBe(true)
    for (const h of ['93.184.216.34', 'example.com', 'payments.test', '10.0.0.1', '::ffff:8.8.8.8'])
      expect(isLoopback(h)).toBe(false)
  })

  it('nests: the patches go with the last guard', () => {
    const before = dgram.Socket.prototype.send
    const a = installNetworkGuard(() => {})
    const b = installNetworkGuard(() => {})
    a.undo()
    expect(dgram.Socket.prototype.send).not.toBe(before)
    b.undo()
    expect(dgram.Socket.prototype.send).toBe(before)
  })
})
