import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../harness/scenario/scenario.ts'

function valid(): Record<string, any> {
  return {
    version: 1,
    name: 'refund with a lost response',
    seed: 42,
    turnBudgetMs: 30_000,
    plan: [
      { stepId: 's1', tool: 'issue_refund', args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o-1' } },
      { stepId: 's2', tool: 'issue_refund', args: { payment_intent: 'pi_1', amount: 10, currency: 'eur', order_id: 'o-2' } },
    ],
    faults: [
      { kind: 'reset-after-effect', boundary: 'after-effect', attempt: 1 },
      { kind: 'late-delivery', boundary: 'in-transit', attempt: 2, delayMs: 500 },
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', attempt: 3, mode: '503' },
      { kind: 'connection-refused', boundary: 'before-send', attempt: 4 },
      { kind: 'withhold-after-effect', boundary: 'after-effect', attempt: 5 },
    ],
    model: { maxAsks: 3, regenerateArgs: true },
    services: { payments: { processingMs: 20, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] } },
  }
}

/** A copy of the valid scenario with one change made by `edit`. */
function variant(edit: (s: Record<string, any>) => void): Record<string, any> {
  const s = valid()
  edit(s)
  return s
}

function problemOf(input: unknown): string {
  const r = parseScenario(input)
  if (r.ok) throw new Error('expected the scenario to be rejected')
  return r.problem
}

describe('parseScenario', () => {
  it('accepts a valid scenario and returns it unchanged', () => {
    const input = valid()
    const r = parseScenario(input)
    expect(r).toEqual({ ok: true, value: input })
  })

  it('accepts a scenario that survived a JSON round trip, with no faults', () => {
    const r = parseScenario(JSON.parse(JSON.stringify(variant((s) => (s.faults = [])))))
    expect(r.ok).toBe(true)
  })

  it.each<[string, (s: Record<string, any>) => void, RegExp]>([
    ['bad version', (s) => (s.version = 2), /^"version" must be 1, got 2$/],
    ['missing version', (s) => delete s.version, /^"version" must be 1, got nothing$/],
    ['version as a string', (s) => (s.version = '1'), /"version"/],
    ['name not a string', (s) => (s.name = 7), /"name"/],
    ['fractional seed', (s) => (s.seed = 1.5), /"seed" must be an integer, got 1.5/],
    ['zero turn budget', (s) => (s.turnBudgetMs = 0), /"turnBudgetMs" must be a positive integer/],
    ['missing plan', (s) => delete s.plan, /^"plan" must be a non-empty array/],
    ['empty plan', (s) => (s.plan = []), /^"plan" must be a non-empty array/],
    ['plan step without a stepId', (s) => delete s.plan[1].stepId, /^plan\[1\]\.stepId must be 1-64 characters of letters, digits and _ \. : -$/],
    ['a stepId that could pose as the harness\'s abort call', (s) => (s.plan[1].stepId = 'x#abort'), /^plan\[1\]\.stepId must be 1-64 characters/],
    ['empty stepId', (s) => (s.plan[0].stepId = ''), /^plan\[0\]\.stepId/],
    ['duplicate stepId', (s) => (s.plan[1].stepId = 's1'), /^plan\[1\]\.stepId "s1" is used twice/],
    ['unknown tool', (s) => (s.plan[0].tool = 'delete_account'), /^plan\[0\]\.tool must be one of charge_card, issue_refund, send_email, got "delete_account"$/],
    ['args not an object', (s) => (s.plan[0].args = [1]), /^plan\[0\]\.args must be an object$/],
    ['faults missing', (s) => delete s.faults, /^"faults" must be an array/],
    ['fault not an object', (s) => (s.faults[0] = 'reset'), /^faults\[0\] must be an object$/],
    ['unknown fault kind', (s) => (s.faults[1].kind = 'meteor-strike'), /^faults\[1\]\.kind must be one of .*connection-refused.*, got "meteor-strike"$/],
    ['boundary mismatch', (s) => (s.faults[0].boundary = 'before-send'), /^faults\[0\]\.boundary must be "after-effect" for kind "reset-after-effect", got "before-send"$/],
    ['boundary missing', (s) => delete s.faults[3].boundary, /^faults\[3\]\.boundary must be "before-send".*got nothing$/],
    ['attempt zero', (s) => (s.faults[0].attempt = 0), /^faults\[0\]\.attempt must be a positive integer/],
    ['duplicate attempt', (s) => (s.faults[2].attempt = 1), /^two faults strike attempt 1; give each at most one fault$/],
    ['bad fault parameter (delayMs)', (s) => (s.faults[1].delayMs = -1), /^faults\[1\]: delayMs must be an integer from 0 to 600000/],
    ['bad fault parameter (mode)', (s) => (s.faults[2].mode = '502'), /^faults\[2\]: mode must be one of "reset", "503", "500"/],
    ['model missing', (s) => delete s.model, /^"model" must be/],
    ['maxAsks zero', (s) => (s.model.maxAsks = 0), /^"model" must be \{ "maxAsks"/],
    ['regenerateArgs not boolean', (s) => (s.model.regenerateArgs = 'yes'), /^"model"/],
    ['services missing', (s) => delete s.services, /^"services\.payments" must be an object$/],
    ['negative processingMs', (s) => (s.services.payments.processingMs = -1), /^"services\.payments\.processingMs"/],
    ['paymentIntents missing', (s) => delete s.services.payments.paymentIntents, /^"services\.payments\.paymentIntents" must be an array$/],
    ['payment intent amount not an integer', (s) => (s.services.payments.paymentIntents[0].amount = 49.9), /^services\.payments\.paymentIntents\[0\] must be/],
  ])('rejects %s with a one-line problem naming the field', (_label, edit, problem) => {
    const p = problemOf(variant(edit))
    expect(p).toMatch(problem)
    expect(p).not.toContain('\n')
  })

  it.each([null, [], 'scenario', 42])('rejects a non-object (%j)', (input) => {
    expect(problemOf(input)).toBe('a scenario must be a JSON object')
  })

  it('reports the first problem in document order', () => {
    const p = problemOf(variant((s) => {
      s.seed = 'x'
      s.plan = []
    }))
    expect(p).toMatch(/^"seed"/)
  })

  // Regression: only own properties name tools.
  it('rejects a tool named after an Object.prototype member', () => {
    expect(parseScenario(variant((s) => (s.plan[0].tool = 'constructor'))).ok).toBe(false)
  })

  // Regression: only own properties name fault kinds, and bad input never throws.
  it('returns a problem (does not throw) for a fault kind named after an Object.prototype member', () => {
    const input = variant((s) => (s.faults = [{ kind: 'constructor', attempt: 1 }]))
    expect(() => parseScenario(input)).not.toThrow()
  })
})
