import {
  Agent,
  Client,
  getGlobalDispatcher,
  RetryAgent,
  setGlobalDispatcher,
  fetch as undiciFetch,
  request as undiciRequest,
} from 'undici'
import { connect } from 'node:http2'
import { createConnection } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { mountServices } from '../../../harness/sim/mount.ts'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'
import otherHost from '../../fixtures/nothing-tested/other-host.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('network isolation', () => {
  it('a request to a real host during a run is an error, never a real connection', async () => {
    let seen: unknown = null
    const leaky: Executor = {
      name: 'leaky',
      boot: async () => ({
        async callTool() {
          try {
            await fetch('https://example.com/v1/refunds', { method: 'POST', body: 'x' })
            seen = 'reached'
          } catch (e) {
            seen = e
          }
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { history } = await runScenario(refundScenario(), leaky)
      expect(seen).toBeInstanceOf(Error)
      expect(history.filter((e) => e.type === 'attempt-sent')).toHaveLength(0) // never routed to a mock either
      // The run has it on record: no console line needed.
      expect(quiet).not.toHaveBeenCalled()
    } finally {
      quiet.mockRestore()
    }
  })

  it('a refused request is recorded as blocked-network, naming the host, on the call it came from', async () => {
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), otherHost)
    expect(eventsOf(history, 'executor-fault')).toEqual([
      expect.objectContaining({
        call: 'run-7/s1',
        problem: 'blocked-network',
        host: 'api.example.com',
        // No query: it may hold a key.
        message: expect.stringMatching(/^tried POST https:\/\/api\.example\.com\/v1\/refunds; a run reaches only/),
      }),
    ])
    expect(JSON.stringify(history)).not.toContain('secret')
  })

  it('outside a run, mountServices records a refused request in its history, on no call', async () => {
    const mounted = mountServices([new PaymentsService(Date.now, { processingMs: 0 })])
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch('https://api.example.com/ping')).rejects.toThrow(/ECONNREFUSED|fetch failed/)
      expect(eventsOf(mounted.history, 'executor-fault')).toEqual([
        expect.objectContaining({ call: null, problem: 'blocked-network', host: 'api.example.com' }),
      ])
      expect(printed).not.toHaveBeenCalled()
    } finally {
      printed.mockRestore()
      mounted.unmount()
    }
  })

  it('a .test host with no mock service behind it does not resolve (ENOTFOUND), and is blocked-network', async () => {
    let seen: unknown = null
    const lost: Executor = {
      name: 'lost',
      boot: async () => ({
        async callTool() {
          seen = await fetch('https://nowhere.test/x').then(
            (r) => r.status,
            (e: unknown) => e,
          )
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const { history } = await runScenario(refundScenario(), lost)
    expect(seen).toBeInstanceOf(TypeError)
    expect((seen as TypeError & { cause: { code: string } }).cause.code).toBe('ENOTFOUND')
    // Refused, so recorded, as any other host.
    expect(eventsOf(history, 'executor-fault').map((e) => [e.problem, e.host])).toContainEqual([
      'blocked-network',
      'nowhere.test',
    ])
  })

  it("the undici package's own dispatchers reach the run's services: an Agent, a Client, a RetryAgent, an app's own global", async () => {
    const statuses: unknown[] = []
    const ownUndici: Executor = {
      name: 'own-undici',
      boot: async (ctx) => ({
        async callTool() {
          const refunds = `${ctx.services.payments}/v1/refunds/re_none`
          const agent = new Agent()
          for (const send of [
            () => undiciFetch(refunds, { dispatcher: agent }).then((r) => r.status),
            () => new Client(ctx.services.payments).request({ path: '/v1/refunds/re_none', method: 'GET' }),
            () => undiciRequest('https://API.Stripe.com./v1/refunds/re_none', { dispatcher: agent }), // the run's vendor
            () => undiciRequest(refunds, { dispatcher: new RetryAgent(agent) }),
            // An app's own global, set in the run.
            () => (setGlobalDispatcher(new Agent()), undiciRequest(refunds)),
          ])
            statuses.push(await send().then((r) => (typeof r === 'number' ? r : (r.body.dump(), r.statusCode))))
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const before = getGlobalDispatcher()
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), ownUndici)
    // Put back: the next run starts alike.
    expect(getGlobalDispatcher()).toBe(before)
    // The mock's own answer: no such refund.
    expect(statuses).toEqual([404, 404, 404, 404, 404])
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  // Not a real network's doing: the finding says
  // which clients faultline sees, not which host.
  it("clients with sockets of their own go around the interception: refused, and a run's own host says so", async () => {
    const errors: unknown[] = []
    const aroundMsw: Executor = {
      name: 'around-msw',
      boot: async (ctx) => ({
        async callTool() {
          const agent = new Agent()
          for (const send of [
            () => http2Session(ctx.services.payments),
            // A lookup of its own: the guard sees the address.
            () => netConnect('payments.test', '203.0.113.5'),
            () => undiciRequest('https://connect.squareup.com/v2/refunds', { dispatcher: agent }), // not the run's
            () => undiciRequest('https://nowhere.test/x'), // the global: handed on
          ])
            await send().then(
              () => errors.push('answered'),
              (e: unknown) => errors.push(e),
            )
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: '' }
        },
      }),
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), aroundMsw)
    expect(errors).toHaveLength(4)
    expect(errors.every((e) => e instanceof Error)).toBe(true)
    // What the client throws says so too.
    expect((errors[0] as Error).message).toMatch(
      /^getaddrinfo ENOTFOUND payments\.test \(faultline's mock services answer there to global fetch, node:http\/https and the undici package, not to a client with sockets of its own\)$/,
    )
    // Through undici's global dispatcher: as
    // global fetch, a .test host no mock plays.
    expect(errors[3]).toMatchObject({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nowhere.test' })
    expect(eventsOf(history, 'attempt-sent')).toEqual([])
    const faults = eventsOf(history, 'executor-fault').map((e) => [e.host, e.message])
    const around = (what: string) =>
      expect.stringMatching(
        new RegExp(
          `^tried ${what}; a mock service of this run answers there, but faultline does not see this client: .*the undici package .*not node:http2`,
        ),
      )
    const elsewhere = (what: string) =>
      expect.stringMatching(new RegExp(`^tried ${what}; a run reaches only the mock services`))
    expect(faults).toEqual([
      ['payments.test', around('dns lookup payments\\.test')],
      ['203.0.113.5', around('connect 203\\.0\\.113\\.5:443, the address payments\\.test resolved to')],
      ['connect.squareup.com', elsewhere('GET https://connect\\.squareup\\.com/v2/refunds')],
      ['nowhere.test', elsewhere('GET https://nowhere\\.test/x')],
    ])
  })
})

/** A TCP connect by a lookup of its own, as a promise. */
function netConnect(host: string, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({
      host,
      port: 443,
      lookup: (_name, options, cb) =>
        // Happy eyeballs asks for all addresses.
        options.all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4),
    })
    socket.once('connect', () => (socket.destroy(), resolve()))
    socket.once('error', reject)
  })
}

/** An HTTP/2 session's connect, as a promise. */
function http2Session(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const session = connect(url)
    session.once('connect', () => (session.close(), resolve()))
    session.once('error', reject)
  })
}
