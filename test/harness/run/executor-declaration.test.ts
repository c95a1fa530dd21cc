import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { readDeclaration, samePairFor, UNDECLARED } from '../../../harness/run/executor-declaration.ts'
import { everyTrapThrows } from '../../fixtures/hostile/trap-proxy.ts'

const boot = async () => ({ callTool: async () => ({}) as never })
const declaring = (declare: unknown): Executor => ({ name: 'x', boot, declare }) as unknown as Executor

describe('readDeclaration', () => {
  it('fills in the defaults, and keeps faultline tool order', async () => {
    expect(await readDeclaration({ name: 'x', boot })).toEqual(UNDECLARED)
    expect(await readDeclaration(declaring(async () => ({ tools: ['send_email', 'issue_refund'] })))).toEqual({
      tools: ['issue_refund', 'send_email'],
      identity: 'per-step',
    })
    expect(await readDeclaration(declaring(() => ({ identity: 'per-run' })))).toMatchObject({ identity: 'per-run' })
  })

  it('gives one line for a declaration it cannot use, whatever the executor does', async () => {
    expect(await readDeclaration(declaring(() => ({ tools: ['refund'] })))).toBe(
      'declare() offers "refund", which is not a faultline tool (use charge_card, issue_refund, send_email)',
    )
    expect(await readDeclaration(declaring(() => ({ identity: 'per-turn' })))).toBe(
      'declare() gave identity per-turn: use "per-step" or "per-run"',
    )
    expect(
      await readDeclaration(
        declaring(() => {
          throw new TypeError('binding.issue_refund.args.amount_cents: no such field')
        }),
      ),
    ).toBe('declare() threw: TypeError: binding.issue_refund.args.amount_cents: no such field')
    // An adapter's binding mistake: its words alone.
    const adapterError = Object.assign(new Error('binding.send_email.args.to: "email" is not an argument'), {
      name: 'AdapterError',
    })
    expect(
      await readDeclaration(
        declaring(() => {
          throw adapterError
        }),
      ),
    ).toBe('binding.send_email.args.to: "email" is not an argument')
    expect(await readDeclaration(declaring(42))).toBe('its "declare" is not a function')
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap')
        },
      },
    )
    expect(await readDeclaration(declaring(() => hostile))).toMatch(/threw: Error: trap$/)
  })

  it('a declaration whose every trap throws, thrown or answered: one line, never a throw', async () => {
    expect(
      await readDeclaration(
        declaring(() => {
          throw everyTrapThrows()
        }),
      ),
    ).toBe('declare() threw: an object whose traps throw')
    expect(await readDeclaration(declaring(() => everyTrapThrows({ awaitable: true })))).toBe(
      'reading the declaration threw: an object whose traps throw',
    )
    expect(await readDeclaration(everyTrapThrows({ awaitable: true }))).toBe(
      'declare() threw: an object whose traps throw',
    )
  })
})

describe('samePairFor: two pairs, as far as the tools reach', () => {
  const squareSendgrid = { payments: 'square', email: 'sendgrid' } as const
  const squareResend = { payments: 'square', email: 'resend' } as const
  it('a refund-only tool does not tell e-mail vendors apart', () => {
    expect(samePairFor({ tools: ['issue_refund'] }, squareSendgrid, squareResend)).toBe(true)
    expect(samePairFor({ tools: ['issue_refund'] }, squareResend, { payments: 'stripe', email: 'resend' })).toBe(false)
  })
  it('undeclared tools reach both services', () => {
    expect(samePairFor(undefined, squareSendgrid, squareResend)).toBe(false)
    expect(samePairFor({ tools: ['send_email'] }, squareSendgrid, { payments: 'stripe', email: 'sendgrid' })).toBe(true)
  })
})
