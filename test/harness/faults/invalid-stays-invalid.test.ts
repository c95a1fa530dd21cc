// Issue 22, "a world inconsistent with its judge":
// a fault's 400/422 used to strike one attempt
// only, so the same request, asked again, was
// accepted — and blamed as permanent-error-retried.
// Now the service refuses it again by every path,
// and the verdict matches what happened.
import { describe, expect, it } from 'vitest'
import { loadBundled } from '../../../executors/index.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import type { History } from '../../../harness/history/history.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { PlanStep, Scenario } from '../../../harness/scenario/scenario.ts'

const EMAIL: PlanStep = {
  stepId: 's1',
  tool: 'send_email',
  args: { to: 'customer@mail.test', template: 'refund_confirmation', order_id: 'ORD-1042' },
}
const REFUND: PlanStep = {
  stepId: 's1',
  tool: 'issue_refund',
  args: { payment_intent: 'pi_ord1042', amount: 49.9, currency: 'eur', order_id: 'ORD-1042' },
}
const INVALID: Fault = { kind: 'error-response', boundary: 'response', step: 's1', send: 1, status: 400 }

function scenario(step: PlanStep, faults: Fault[], model: Scenario['model']): Scenario {
  return {
    version: 2,
    name: 'invalid stays invalid',
    seed: 3,
    turnBudgetMs: 45_000,
    plan: [step],
    faults,
    model,
    services: {
      payments: { processingMs: 20, paymentIntents: [{ id: 'pi_ord1042', amount: 50_000, currency: 'eur' }] },
      email: { processingMs: 20 },
    },
  }
}

/**
 * Every send after a 400/422 with the same
 * service and fingerprint (method, path,
 * body), and what became of it.
 */
function resendsOfRefused(history: History) {
  const sent = new Map<number, { service: string; fingerprint: string; probe: boolean }>()
  const refused = new Map<string, number>()
  const resends: { attempt: number; status: number | null; effect: boolean }[] = []
  for (const e of history) {
    if (e.type === 'attempt-sent') {
      sent.set(e.attempt, e)
      const was = refused.get(`${e.service} ${e.fingerprint}`)
      if (!e.probe && was !== undefined) resends.push({ attempt: e.attempt, status: null, effect: false })
    }
    if (e.type === 'answered' && e.status !== null && (e.status === 400 || e.status === 422)) {
      const a = sent.get(e.attempt)!
      if (!a.probe) refused.set(`${a.service} ${a.fingerprint}`, e.status)
    }
    const r = resends.find((x) => 'attempt' in e && x.attempt === e.attempt)
    if (r && e.type === 'answered') r.status = e.status
    if (r && e.type === 'effect-applied') r.effect = true
  }
  return resends
}

describe('a request refused as invalid stays refused', () => {
  // naive: the model asks again (ignoring
  // retry_safe: false), the same bytes go out.
  // retries-permanent-errors: its own retries.
  it.each([
    ['naive', 'send_email', EMAIL, 422, { maxAsks: 3, regenerateArgs: false, ignoresRetrySafe: true }],
    ['naive', 'issue_refund', REFUND, 400, { maxAsks: 3, regenerateArgs: false, ignoresRetrySafe: true }],
    ['retries-permanent-errors', 'send_email', EMAIL, 422, { maxAsks: 1, regenerateArgs: false }],
    ['retries-permanent-errors', 'issue_refund', REFUND, 400, { maxAsks: 1, regenerateArgs: false }],
  ] as const)(
    '%s, %s: every resend is refused again, nothing lands, and the resend is blamed',
    async (name, _tool, step, status, model) => {
      const { history } = await runScenario(scenario(step, [INVALID], model), await loadBundled(name))
      const resends = resendsOfRefused(history)
      expect(resends.length).toBeGreaterThanOrEqual(2)
      for (const r of resends) expect(r).toEqual({ attempt: r.attempt, status, effect: false })
      expect(history.filter((e) => e.type === 'effect-applied')).toEqual([])
      const reports = history.flatMap((e) => (e.type === 'outcome-reported' ? [e.envelope.status] : []))
      expect(reports.length).toBeGreaterThanOrEqual(1)
      expect(new Set(reports)).toEqual(new Set(['FAILED_NO_EFFECT']))
      const verdict = judge(history)
      expect(verdict.violations.map((v) => v.judge)).toEqual(['permanent-error-retried'])
      expect(verdict.violations[0]?.message).toContain(`refused with ${status}`)
    },
  )

  it('the process that crashed after the refusal: its successor resends, is refused too, and is not blamed', async () => {
    const crash: Fault = {
      kind: 'executor-crash',
      boundary: 'executor',
      step: 's1',
      point: 'after-response',
      nth: 1,
      pauseMs: 1_000,
    }
    const { history } = await runScenario(
      scenario(EMAIL, [INVALID, crash], { maxAsks: 2, regenerateArgs: false }),
      await loadBundled('naive'),
    )
    // Crashed before the 422 reached it: its
    // successor sends the same bytes again.
    expect(history.some((e) => e.type === 'process-crashed')).toBe(true)
    const sends = history.flatMap((e) => (e.type === 'attempt-sent' ? [e] : []))
    expect(sends.map((a) => [a.attempt, a.generation, a.fingerprint])).toEqual([
      [1, 1, sends[0]?.fingerprint],
      [2, 2, sends[0]?.fingerprint],
    ])
    const answers = history.flatMap((e) => (e.type === 'answered' ? [[e.attempt, e.status]] : []))
    expect(answers).toEqual([[2, 422]])
    expect(history.filter((e) => e.type === 'effect-applied')).toEqual([])
    expect(judge(history).violations).toEqual([])
  })

  it.each([
    ['reference', 'send_email', EMAIL],
    ['reference', 'issue_refund', REFUND],
    ['honest-minimal', 'send_email', EMAIL],
    ['honest-minimal', 'issue_refund', REFUND],
  ] as const)('%s, %s: not resent, FAILED_NO_EFFECT, no finding', async (name, _tool, step) => {
    const model = { maxAsks: 3, regenerateArgs: true, ignoresRetrySafe: true }
    const { history } = await runScenario(scenario(step, [INVALID], model), await loadBundled(name))
    expect(resendsOfRefused(history)).toEqual([])
    expect(history.filter((e) => e.type === 'effect-applied')).toEqual([])
    expect(judge(history).violations).toEqual([])
  })
})
