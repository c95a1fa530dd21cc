// Mutants whose bug needs two conditions at once:
// with both, a hand-written scenario is caught by
// the judge the file names (the reference passes);
// with either alone it is not. No one-condition bug
// in disguise.
import { describe, expect, it } from 'vitest'
import abortSkipsConfirmedEmails from '../../../executors/flawed/abort-skips-confirmed-emails.ts'
import backoffIgnoresDeadline from '../../../executors/flawed/backoff-ignores-deadline.ts'
import compensationKeyedPerAbort from '../../../executors/flawed/compensation-keyed-per-abort.ts'
import gatewayErrorsAsNotSent from '../../../executors/flawed/gateway-errors-as-not-sent.ts'
import { ZOO } from '../../../executors/flawed/index.ts'
import keyMintedPerAsk from '../../../executors/flawed/key-minted-per-ask.ts'
import retryAfterCapped from '../../../executors/flawed/retry-after-capped.ts'
import { reference } from '../../../executors/reference/reference.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { PlanStep, Scenario } from '../../../harness/scenario/scenario.ts'

const REFUND: PlanStep = {
  stepId: 's1',
  tool: 'issue_refund',
  args: { payment_intent: 'pi_ord1042', amount: 49.9, currency: 'eur', order_id: 'ORD-1042' },
}
const EMAIL: PlanStep = {
  stepId: 's1',
  tool: 'send_email',
  args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1042' },
}

function scenario(plan: PlanStep[], faults: Fault[], more: Partial<Scenario> = {}): Scenario {
  return {
    version: 2,
    name: 'conjunction',
    seed: 11,
    turnBudgetMs: 45_000,
    plan,
    faults,
    model: { maxAsks: 1, regenerateArgs: false },
    services: {
      payments: { processingMs: 20, paymentIntents: [{ id: 'pi_ord1042', amount: 50_000, currency: 'eur' }] },
      ...(plan.some((p) => p.tool === 'send_email') ? { email: { processingMs: 20 } } : {}),
    },
    ...more,
  }
}

async function judges(executor: Executor, s: Scenario): Promise<string[]> {
  return judge((await runScenario(s, executor)).history).violations.map((v) => v.judge)
}

const crash = (step: string, point: 'after-send' | 'after-response' | 'after-write', pauseMs = 5_000): Fault => ({
  kind: 'executor-crash',
  boundary: 'executor',
  step,
  point,
  nth: 1,
  pauseMs,
})
const refused = (step: string, send: number): Fault => ({
  kind: 'connection-refused',
  boundary: 'before-send',
  step,
  send,
})
const emailThenFailingRefund = [EMAIL, { ...REFUND, stepId: 's2' }]
const refusal400: Fault = { kind: 'error-response', boundary: 'response', step: 's2', send: 1, status: 400 }

interface Case {
  readonly executor: Executor
  /** Both conditions. */
  readonly both: Scenario
  /** Each condition alone. */
  readonly alone: readonly [string, Scenario][]
}

const CASES: Case[] = [
  {
    executor: keyMintedPerAsk,
    both: scenario(
      [REFUND],
      [
        { kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 1, delayMs: 10_000 },
        crash('s1', 'after-send'),
      ],
    ),
    alone: [
      ['a crash, the send landing at once', scenario([REFUND], [crash('s1', 'after-send')])],
      [
        'a late landing, one ask',
        scenario([REFUND], [{ kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 1, delayMs: 10_000 }]),
      ],
    ],
  },
  {
    executor: backoffIgnoresDeadline,
    both: scenario([REFUND], [refused('s1', 1), refused('s1', 2), refused('s1', 3)], { turnBudgetMs: 10_000 }),
    alone: [
      ['three refusals in a roomy turn', scenario([REFUND], [refused('s1', 1), refused('s1', 2), refused('s1', 3)])],
      ['one refusal in a short turn', scenario([REFUND], [refused('s1', 1)], { turnBudgetMs: 10_000 })],
    ],
  },
  {
    executor: abortSkipsConfirmedEmails,
    both: scenario(emailThenFailingRefund, [refusal400], { abortOnFailure: true }),
    alone: [
      ['a confirmed e-mail, no abort', scenario(emailThenFailingRefund, [refusal400])],
      ['an abort, no e-mail', scenario([REFUND], [{ ...refusal400, step: 's1' }], { abortOnFailure: true })],
    ],
  },
  {
    executor: gatewayErrorsAsNotSent,
    both: scenario(
      [REFUND],
      [{ kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 2_000 }],
      { turnBudgetMs: 5_000 },
    ),
    alone: [
      [
        'an upstream that finishes, time to resend',
        scenario(
          [REFUND],
          [{ kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 2_000 }],
        ),
      ],
      [
        'no time to resend, an upstream that dies',
        scenario(
          [REFUND],
          [{ kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'dies', afterMs: 2_000 }],
          { turnBudgetMs: 5_000 },
        ),
      ],
    ],
  },
  {
    executor: retryAfterCapped,
    both: scenario(
      [EMAIL],
      [{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 429, retryAfterS: 20 }],
      { turnBudgetMs: 30_000 },
    ),
    alone: [
      [
        'a long Retry-After, no time to wait it out',
        scenario(
          [EMAIL],
          [{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 429, retryAfterS: 20 }],
          { turnBudgetMs: 5_000 },
        ),
      ],
      [
        'a short Retry-After, time to spare',
        scenario(
          [EMAIL],
          [{ kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 429, retryAfterS: 5 }],
          { turnBudgetMs: 30_000 },
        ),
      ],
    ],
  },
  {
    executor: compensationKeyedPerAbort,
    both: scenario(emailThenFailingRefund, [refusal400, crash('#abort', 'after-send')], { abortOnFailure: true }),
    alone: [
      [
        'an abort after a confirmed e-mail, no crash',
        scenario(emailThenFailingRefund, [refusal400], { abortOnFailure: true }),
      ],
      [
        'a crash in the abort, compensating a charge',
        scenario(
          [
            { stepId: 's1', tool: 'charge_card', args: { order_id: 'ORD-1042', amount: 49.9, currency: 'eur' } },
            { ...REFUND, stepId: 's2' },
          ],
          [refusal400, crash('#abort', 'after-send')],
          { abortOnFailure: true },
        ),
      ],
    ],
  },
]

describe('mutants that need two conditions at once', () => {
  it('cover six members of the zoo', () => {
    const names = new Set(ZOO.map((m) => m.executor.name))
    for (const c of CASES) expect(names).toContain(c.executor.name)
  })

  describe.each(CASES.map((c) => [c.executor.name, c] as const))('%s', (name, c) => {
    const member = ZOO.find((m) => m.executor.name === name)!

    it(`is caught by ${member.catches} with both conditions, where the reference passes`, async () => {
      expect(await judges(c.executor, c.both)).toContain(member.catches)
      expect(await judges(reference, c.both)).toEqual([])
    })

    it.each(c.alone.map(([why, s]) => [why, s] as const))('is not caught with only %s', async (_why, s) => {
      expect(await judges(c.executor, s)).toEqual([])
    })
  })
})
