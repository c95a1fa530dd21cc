// Client-faithful errors: per client and fault, the
// error raised in a run (virtual clock, msw) equals
// the one against a REAL loopback socket, field by
// field and down the cause chain (addresses and
// ports normalised). The real side must match
// docs/fidelity.md.
import { beforeAll, describe, expect, it } from 'vitest'
import { CLIENTS, loadClient, type ClientName, type LoadedClient } from './support/clients.ts'
import { EXPECTED } from './support/expected.ts'
import { DESCRIPTION, FAULT_CASES, type FaultCase } from './support/faults.ts'
import { differences, observe, summary, type Cell } from './support/observe.ts'
import { captureReal } from './support/real.ts'
import { captureSimulated } from './support/simulated.ts'

/**
 * Real timers are late, never early; the upper bound
 * only catches a client waiting for something the
 * simulation does not (seconds), not a loaded machine.
 */
const EARLY_MS = 2
const LATE_MS = 5_000

const loaded = Object.fromEntries(
  await Promise.all(CLIENTS.map(async (c) => [c, await loadClient(c)] as const)),
) as Record<ClientName, LoadedClient>
const real = new Map<string, Cell & { tried: number }>()
const key = (client: ClientName, fault: FaultCase) => `${client} × ${fault}`

/**
 * Load can delay a reset, or the server's read,
 * past 200 ms; a real change disagrees each time.
 */
const TRIES = 3

function agrees(client: ClientName, fault: FaultCase, cell: Cell): boolean {
  const expected = EXPECTED[client][fault]
  return (
    cell.outcome.kind === 'error' &&
    summary(cell.outcome.error) === expected.error &&
    cell.requests === expected.requests
  )
}

beforeAll(async () => {
  // The reference first: a run's msw would route even
  // loopback requests through its sockets.
  const cells = CLIENTS.flatMap((client) => FAULT_CASES.map((fault) => ({ client, fault })))
  const capture = async ({ client, fault }: { client: ClientName; fault: FaultCase }) => {
    const l = loaded[client]
    if (!('call' in l)) return
    for (let tried = 1; ; tried++) {
      const cell = await captureReal(l.call, fault)
      real.set(key(client, fault), { ...cell, tried })
      if (tried === TRIES || agrees(client, fault, cell)) return
    }
  }
  // One at a time: no load of our own, and no
  // server of ours takes a closed port.
  for (const cell of cells) await capture(cell)
})

describe.each(CLIENTS)('%s', (client) => {
  const l = loaded[client]
  const skip = 'skip' in l ? l.skip : null
  describe.skipIf(skip !== null)(
    skip === null ? 'raises the same error in a run as on a real socket' : `skipped: ${skip}`,
    () => {
      it.each(FAULT_CASES)('%s', async (fault) => {
        const expected = EXPECTED[client][fault]
        const reference = real.get(key(client, fault))
        expect(reference, 'the real socket was not measured').toBeDefined()
        const r = reference!
        // The reference: the fault must make the client
        // fail, as documented.
        const measured = `the real socket (try ${r.tried} of ${TRIES})`
        expect(r.outcome.kind, `${DESCRIPTION[fault]} on ${measured} must fail the call`).toBe('error')
        if (r.outcome.kind !== 'error') return
        expect(summary(r.outcome.error), `${measured} no longer matches docs/fidelity.md`).toBe(expected.error)
        expect(r.requests, `${measured}: requests read`).toBe(expected.requests)

        const sim = await captureSimulated((l as { call: Parameters<typeof captureReal>[0] }).call, fault)
        const diff = differences(r.outcome, sim.outcome)
        expect(
          diff,
          `${client} × ${DESCRIPTION[fault]}: the run's error differs from the real socket's\n  real:      ${summary(r.outcome.error)}\n  simulated: ${sim.outcome.kind === 'error' ? summary(sim.outcome.error) : `HTTP ${sim.outcome.status}`}\n  ${diff.join('\n  ')}`,
        ).toEqual([])
        expect(sim.requests, 'requests that reached the server').toBe(r.requests)
        // When: exact in virtual time; on the real socket,
        // no earlier and not much later.
        expect(sim.elapsedMs, 'virtual ms until the client reported the error').toBe(expected.atMs)
        expect(r.elapsedMs).toBeGreaterThanOrEqual((expected.earliestMs ?? expected.atMs) - EARLY_MS)
        expect(r.elapsedMs).toBeLessThan(expected.atMs + LATE_MS)
      })
    },
  )
})

describe('the comparison itself', () => {
  it('normalises only addresses and ports, so a real difference is reported by its path', () => {
    const realError = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:41234'), {
        code: 'ECONNREFUSED',
        errno: -111,
        syscall: 'connect',
        address: '127.0.0.1',
        port: 41234,
      }),
    })
    const same = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED payments.test:443'), {
        code: 'ECONNREFUSED',
        errno: -111,
        syscall: 'connect',
        address: 'payments.test',
        port: 443,
      }),
    })
    const other = new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' }),
    })
    expect(differences(observe(realError), observe(same))).toEqual([])
    expect(differences(observe(realError), observe(other))).toEqual(
      expect.arrayContaining([
        'cause.fields.code: real "ECONNREFUSED" ≠ simulated "ECONNRESET"',
        'cause.fields.address: real "<host>" ≠ simulated undefined',
      ]),
    )
  })
})
