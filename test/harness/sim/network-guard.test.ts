// Raw sockets, datagrams and DNS fail closed in a
// run, checked without sending anything off the
// machine: Node's own handles (TCP, UDP,
// getaddrinfo, c-ares) sit behind spies that
// record what reaches them and send nothing but
// loopback. Whatever the guard lets through
// shows up in `reached`.
import dns from 'node:dns'
import { AsyncResource } from 'node:async_hooks'
import net, { createServer } from 'node:net'
import { constants } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf, type History } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { isLoopbackAddress, isLoopbackHost, isLoopbackName } from '../../../harness/sim/loopback.ts'
import { installNetworkGuard } from '../../../harness/sim/network-guard.ts'
import customLookup, { seen as lookupSeen } from '../../fixtures/hostile/custom-lookup-to-public.ts'
import ipLiteral, { seen as literalSeen } from '../../fixtures/hostile/http-to-ip-literal.ts'
import rawNetwork, { seen } from '../../fixtures/hostile/raw-network.ts'
import { honest } from '../../fixtures/hostile/honest.ts'
import localhostNames, { seen as namesSeen } from '../../fixtures/hostile/resolves-localhost-names.ts'
import { refundScenario } from '../../support/scenario.ts'

type Method = (this: unknown, ...args: unknown[]) => unknown
const binding = (process as unknown as { binding(name: string): Record<string, { prototype: Record<string, Method> }> })
  .binding
const TCP = binding('tcp_wrap').TCP!.prototype
const UDP = binding('udp_wrap').UDP!.prototype
const cares = binding('cares_wrap') as unknown as Record<string, Method> & {
  ChannelWrap: { prototype: Record<string, Method> }
}
const REFUSED = -constants.errno.ECONNREFUSED

const blocked = (history: History) =>
  eventsOf(history, 'executor-fault')
    .filter((e) => e.problem === 'blocked-network')
    .map((e) => [e.host, e.message.split(';')[0]])

describe('network guard', () => {
  const reached: string[] = []
  const real = new Map<[Record<string, Method>, string], Method>()
  /** A spy on a handle method: records, passes loopback only. */
  function spy(target: Record<string, Method>, key: string, describe: (args: unknown[]) => [string, boolean]) {
    const original = target[key] as Method
    real.set([target, key], original)
    target[key] = function (this: unknown, ...args: unknown[]) {
      const [what, loopback] = describe(args)
      reached.push(what)
      return loopback ? original.apply(this, args) : REFUSED
    }
  }
  // 127/8, ::1, v4-mapped (undici writes ::ffff:7f00:1).
  const LOCAL = /^((::ffff:)?127\.[\d.]+|::1|::ffff:7f[\da-f]{2}:[\da-f]{1,4})$/
  const local = (a: unknown) => typeof a === 'string' && LOCAL.test(a)
  beforeEach(() => {
    reached.length = 0
    for (const m of ['connect', 'connect6'])
      spy(TCP, m, ([, address, port]) => [`connect ${address}:${port}`, local(address)])
    for (const m of ['send', 'send6']) spy(UDP, m, (args) => [`udp send ${args[4]}`, args.length < 6 || local(args[4])])
    spy(cares, 'getaddrinfo', ([, name]) => [`getaddrinfo ${name}`, false])
    spy(cares.ChannelWrap.prototype, 'queryA', ([, name]) => [`queryA ${name}`, false])
  })
  afterEach(() => {
    for (const [[target, key], original] of real) target[key] = original
    real.clear()
  })
  const publicReached = () => reached.filter((r) => !LOCAL.test(r.replace(/^\S+ (.*):\d+$/, '$1')))

  it('refuses a public TCP address, UDP and DNS inside a run; the real calls are never reached', async () => {
    seen.length = 0
    const spied = TCP.connect
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
    expect(TCP.connect).toBe(spied)
  })

  it("a finished run's leftover that reaches for the network is not the next run's finding", async () => {
    // Bound to its run's context (as a pool's
    // callbacks are), called in the next run.
    let stored: (() => void) | null = null
    let tries = 0
    const leaky = {
      name: 'calls-a-bound-leftover',
      async boot() {
        return {
          async callTool() {
            const pending = stored
            stored = AsyncResource.bind(() => {
              tries++
              net.connect(80, '93.184.216.34').on('error', () => {})
            })
            pending?.()
            return honest
          },
        }
      },
    }
    const scenario = refundScenario({ model: { maxAsks: 1, regenerateArgs: false } })
    await runScenario(scenario, leaky)
    const { history } = await runScenario(scenario, leaky)
    expect(tries).toBe(1)
    expect(blocked(history)).toEqual([])
    expect(reached).toEqual([])
  })

  it('checks the address a custom lookup answers for localhost, by every road: a finding naming both', async () => {
    const { history } = await runScenario(
      refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
      customLookup,
    )
    // Refused by the guard (ECONNREFUSED), not the OS;
    // the fixture throws otherwise.
    expect(eventsOf(history, 'executor-fault').filter((e) => e.problem !== 'blocked-network')).toEqual([])
    expect(lookupSeen).toEqual([
      'tcp ECONNREFUSED',
      'tcp family 4 ECONNREFUSED',
      'tcp v4-mapped ECONNREFUSED',
      'happy eyeballs ECONNREFUSED',
      'tls ECONNREFUSED',
      'http ECONNREFUSED',
      'https agent ECONNREFUSED',
      'undici ECONNREFUSED',
      'tls, lookup at once ECONNREFUSED',
      'undici tls, lookup at once ECONNREFUSED',
      'udp ECONNREFUSED',
    ])
    expect(publicReached()).toEqual([])
    const to = (address: string, port: number) => [
      address,
      `tried connect ${address}:${port}, the address localhost resolved to`,
    ]
    expect(blocked(history)).toEqual([
      to('93.184.216.34', 80),
      to('93.184.216.34', 81),
      to('::ffff:93.184.216.34', 82),
      // Happy eyeballs: each address it tried.
      to('2606:2800:220:1:248:1893:25c8:1946', 83),
      to('93.184.216.34', 83),
      to('93.184.216.34', 443),
      to('93.184.216.34', 84),
      to('93.184.216.34', 444),
      to('93.184.216.34', 85),
      to('93.184.216.34', 445),
      to('93.184.216.34', 446),
      ['93.184.216.34', 'tried udp send to 93.184.216.34:53'],
    ])
  })

  it('answers localhost names itself, and refuses every other lookup and query: getaddrinfo is never called', async () => {
    const { history } = await runScenario(
      refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
      localhostNames,
    )
    expect(eventsOf(history, 'executor-fault').filter((e) => e.problem !== 'blocked-network')).toEqual([])
    expect(namesSeen).toEqual([
      'lookup x.localhost ["127.0.0.1",4]',
      'lookup localhost 6 ["::1",6]',
      'promises lookup api.localhost [{"address":"127.0.0.1","family":4}]',
      'lookup example.com ENOTFOUND',
      'promises lookup example.org ENOTFOUND',
      'Resolver resolve4 ENOTFOUND',
      'promises Resolver resolveTxt ENOTFOUND',
      'lookupService ENOTFOUND',
    ])
    expect(reached).toEqual([])
    expect(blocked(history)).toEqual([
      ['example.com', 'tried dns lookup example.com'],
      ['example.org', 'tried dns lookup example.org'],
      ['example.net', 'tried dns resolve4 example.net'],
      ['example.edu', 'tried dns resolveTxt example.edu'],
      ['8.8.4.4', 'tried dns lookupService 8.8.4.4'],
    ])
  })

  it('refuses HTTP to IP literals with a finding naming the host; loopback by any name still connects', async () => {
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), ipLiteral)
    expect(eventsOf(history, 'executor-fault').filter((e) => e.problem !== 'blocked-network')).toEqual([])
    expect(literalSeen.slice(0, 4)).toEqual(['loopback ok', 'loopback ok', 'loopback ok', 'loopback ok'])
    expect(publicReached()).toEqual([])
    expect(blocked(history)).toEqual([
      ['93.184.216.34', 'tried GET http://93.184.216.34/'],
      ['93.184.216.34', 'tried GET http://93.184.216.34/'],
      ['[::ffff:5db8:d822]', 'tried GET http://[::ffff:5db8:d822]/'],
      ['10.0.0.1', 'tried GET http://10.0.0.1/'],
    ])
  })

  it('a refusal the kernel would give, at the handle: a lookup answering synchronously still gets an error event', async () => {
    const found: string[] = []
    const guard = installNetworkGuard((what) => found.push(what))
    try {
      const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
        net
          .connect({ host: 'localhost', port: 80, family: 4, lookup: (_h, _o, cb) => cb(null, '10.1.2.3', 4) })
          .on('error', resolve)
      })
      // As Node words the kernel's refusal.
      expect([error.code, error.syscall, error.message]).toEqual([
        'ECONNREFUSED',
        'connect',
        'connect ECONNREFUSED 10.1.2.3:80',
      ])
      expect(found).toEqual(['connect 10.1.2.3:80, the address localhost resolved to'])
      expect(reached).toEqual([])
    } finally {
      guard.undo()
    }
  })

  it('a refusal comes in the instant of the connect, before any timer: also after the run has slept', async () => {
    const when: string[] = []
    const sleeper = {
      name: 'connects-after-a-sleep',
      async boot() {
        return {
          async callTool() {
            // A timer fired first: the driver is mid-turn.
            await new Promise((r) => setTimeout(r, 10))
            const start = Date.now()
            await new Promise<void>((resolve) => {
              const socket = net.connect(80, '93.184.216.34')
              const timer = setTimeout(
                () => (when.push(`timeout +${Date.now() - start}`), socket.destroy(), resolve()),
                1000,
              )
              socket.on('error', (e: NodeJS.ErrnoException) => {
                when.push(`${e.code} +${Date.now() - start}`)
                clearTimeout(timer)
                resolve()
              })
            })
            return honest
          },
        }
      },
    }
    await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), sleeper)
    expect(when).toEqual(['ECONNREFUSED +0'])
    expect(reached).toEqual([])
  })

  it('lets loopback through', async () => {
    const server = createServer((s) => s.end('hi'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const port = (server.address() as net.AddressInfo).port
    const found: string[] = []
    const guard = installNetworkGuard((what) => found.push(what))
    try {
      for (const host of ['127.0.0.1', 'localhost', 'api.localhost', '::ffff:127.0.0.1']) {
        const text = await new Promise<string>((resolve, reject) => {
          const c = net.connect(port, host)
          let got = ''
          c.on('data', (d) => (got += d))
            .on('end', () => resolve(got))
            .on('error', reject)
        })
        expect(text).toBe('hi')
      }
      expect(found).toEqual([])
      expect(reached).toEqual([
        `connect 127.0.0.1:${port}`,
        `connect 127.0.0.1:${port}`,
        `connect 127.0.0.1:${port}`,
        `connect ::ffff:127.0.0.1:${port}`,
      ])
      expect(reached.some((r) => r.startsWith('getaddrinfo'))).toBe(false)
    } finally {
      guard.undo()
      server.close()
    }
  })

  it('covers the DNS handles below node:dns too', async () => {
    const found: string[] = []
    const guard = installNetworkGuard((what) => found.push(what))
    try {
      // The c-ares channel a Resolver holds.
      const handle = (new dns.Resolver() as unknown as { _handle: Record<string, Method> })._handle
      expect(handle.queryA?.({}, 'example.com', false)).toBe(-3008)
      expect(found).toEqual(['dns queryA example.com'])
      expect(reached).toEqual([])
    } finally {
      guard.undo()
    }
  })

  it('knows loopback when it sees it', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1'])
      expect(isLoopbackAddress(a)).toBe(true)
    for (const a of ['93.184.216.34', '10.0.0.1', '::ffff:8.8.8.8', '0.0.0.0', '::', 'localhost', '2130706433'])
      expect(isLoopbackAddress(a)).toBe(false)
    for (const n of ['localhost', 'LOCALHOST.', 'api.localhost', 'a.b.localhost']) expect(isLoopbackName(n)).toBe(true)
    for (const n of ['localhost.example.com', 'notlocalhost', 'payments.test', '127.0.0.1'])
      expect(isLoopbackName(n)).toBe(false)
    for (const h of ['[::1]', '127.0.0.1', 'x.localhost', '[::ffff:127.0.0.1]']) expect(isLoopbackHost(h)).toBe(true)
    for (const h of ['[::ffff:5db8:d822]', '93.184.216.34', 'example.com']) expect(isLoopbackHost(h)).toBe(false)
  })

  it('makes its wrappers once: a later install swaps the same ones in; a changed original is wrapped anew', () => {
    const lookup = dns.lookup
    const a = installNetworkGuard(() => {})
    const [guardedLookup, guardedSend] = [dns.lookup, UDP.send]
    a.undo()
    expect(dns.lookup).toBe(lookup)
    const b = installNetworkGuard(() => {})
    expect([dns.lookup, UDP.send]).toEqual([guardedLookup, guardedSend])
    b.undo()
    const spied = UDP.send!
    UDP.send = function (this: unknown, ...args: unknown[]) {
      return spied.apply(this, args)
    }
    const c = installNetworkGuard(() => {})
    expect(UDP.send).not.toBe(guardedSend)
    c.undo()
    UDP.send = spied
  })

  it('nests: the patches go with the last guard', () => {
    const before = UDP.send
    const a = installNetworkGuard(() => {})
    const b = installNetworkGuard(() => {})
    a.undo()
    expect(UDP.send).not.toBe(before)
    b.undo()
    expect(UDP.send).toBe(before)
  })
})
