import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../harness/scenario/scenario.ts'

function valid(): Record<string, any> {
  return {
    version: 2,
    name: 'refund with a lost response',
    seed: 42,
    turnBudgetMs: 30_000,
    plan: [
      {
        stepId: 's1',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o-1' },
      },
      {
        stepId: 's2',
        tool: 'issue_refund',
        args: { payment_intent: 'pi_1', amount: 10, currency: 'eur', order_id: 'o-2' },
      },
    ],
    faults: [
      { kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 },
      { kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 2, delayMs: 500 },
      { kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 's2', send: 1, mode: '503' },
      { kind: 'connection-refused', boundary: 'before-send', step: 's2', send: 2 },
      { kind: 'probe-timeout', boundary: 'probe', step: 's1', probe: 1 },
      { kind: 'executor-crash', boundary: 'executor', step: 's2', point: 'after-send', nth: 1, pauseMs: 0 },
    ],
    model: { maxAsks: 3, regenerateArgs: true },
    services: { payments: { processingMs: 20, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] } },
  }
}

/** A copy of the valid scenario, changed by `edit`. */
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
    ['bad version', (s) => (s.version = 3), /^version must be 2, got 3$/],
    ['missing version', (s) => delete s.version, /^version must be 2, got nothing$/],
    [
      'a version 1 file (faults by run-wide attempt)',
      (s) => (s.version = 1),
      /^"version" 1 addressed faults by the run's n-th request.*"step": "<stepId>" and "send": n/,
    ],
    ['name not a string', (s) => (s.name = 7), /^name must be a string, got 7$/],
    ['fractional seed', (s) => (s.seed = 1.5), /^seed must be a whole number, got 1.5$/],
    ['seed past 31 bits', (s) => (s.seed = 2 ** 31), /^seed must be at most 2147483647/],
    ['zero turn budget', (s) => (s.turnBudgetMs = 0), /^turnBudgetMs must be at least 1, got 0$/],
    ['missing plan', (s) => delete s.plan, /^plan is missing/],
    ['empty plan', (s) => (s.plan = []), /^plan must be a list of at least 1/],
    ['plan step without a stepId', (s) => delete s.plan[1].stepId, /^plan\[1\]\.stepId is missing/],
    [
      "a stepId that could pose as the harness's abort call",
      (s) => (s.plan[1].stepId = 'x#abort'),
      /^plan\[1\]\.stepId: must be 1-64 characters/,
    ],
    ['empty stepId', (s) => (s.plan[0].stepId = ''), /^plan\[0\]\.stepId/],
    ['duplicate stepId', (s) => (s.plan[1].stepId = 's1'), /^plan\[1\]\.stepId: "s1" is used twice/],
    [
      'unknown tool',
      (s) => (s.plan[0].tool = 'delete_account'),
      /^plan\[0\]\.tool must be one of "charge_card", "issue_refund", "send_email", got "delete_account"$/,
    ],
    ['args not an object', (s) => (s.plan[0].args = [1]), /^plan\[0\]\.args must be an object, got \[1\]$/],
    ['faults missing', (s) => delete s.faults, /^faults is missing/],
    ['fault not an object', (s) => (s.faults[0] = 'reset'), /^faults\[0\] must be an object, got "reset"$/],
    [
      'unknown fault kind',
      (s) => (s.faults[1].kind = 'meteor-strike'),
      /^faults\[1\]\.kind must be one of connection-refused, .*executor-crash, got "meteor-strike"$/,
    ],
    [
      'a misspelt fault kind',
      (s) => (s.faults[1].kind = 'late-delivry'),
      /^faults\[1\]\.kind must be one of .* — did you mean "late-delivery"\?$/,
    ],
    [
      'boundary mismatch',
      (s) => (s.faults[0].boundary = 'before-send'),
      /^faults\[0\]\.boundary must be "after-effect", got "before-send"$/,
    ],
    [
      'boundary missing',
      (s) => delete s.faults[3].boundary,
      /^faults\[3\]\.boundary must be "before-send", got nothing$/,
    ],
    ['send zero', (s) => (s.faults[0].send = 0), /^faults\[0\]\.send must be at least 1, got 0$/],
    [
      'a fault on a step that is not in the plan',
      (s) => (s.faults[0].step = 's9'),
      /^faults\[0\]\.step: no plan step "s9"; use one of "s1", "s2", "#abort"$/,
    ],
    [
      'two faults on one request',
      (s) => (s.faults[2].step = 's1'),
      /^faults\[2\]: another fault already strikes there \(s1 send 1\)/,
    ],
    [
      'bad fault parameter (delayMs)',
      (s) => (s.faults[1].delayMs = -1),
      /^faults\[1\]\.delayMs must be at least 0, got -1$/,
    ],
    [
      'bad fault parameter (mode)',
      (s) => (s.faults[2].mode = '502'),
      /^faults\[2\]\.mode must be one of "500", "503", "reset", got "502"/,
    ],
    ['model missing', (s) => delete s.model, /^model is missing/],
    ['maxAsks zero', (s) => (s.model.maxAsks = 0), /^model\.maxAsks must be at least 1, got 0$/],
    [
      'regenerateArgs not boolean',
      (s) => (s.model.regenerateArgs = 'yes'),
      /^model\.regenerateArgs must be a boolean, got "yes"$/,
    ],
    ['services missing', (s) => delete s.services, /^services is missing/],
    [
      'negative processingMs',
      (s) => (s.services.payments.processingMs = -1),
      /^services\.payments\.processingMs must be at least 0, got -1$/,
    ],
    [
      'paymentIntents missing',
      (s) => delete s.services.payments.paymentIntents,
      /^services\.payments\.paymentIntents is missing/,
    ],
    [
      'payment intent amount not an integer',
      (s) => (s.services.payments.paymentIntents[0].amount = 49.9),
      /^services\.payments\.paymentIntents\[0\]\.amount must be a whole number, got 49.9$/,
    ],
    [
      'a setting beyond the vendors without its profile',
      (s) => (s.services.payments.keyStore = 'volatile'),
      /add "volatile-keys" to "profile" to opt in$/,
    ],
    [
      'a 409 for an e-mail vendor without keys',
      (s) => (
        (s.vendors = { email: 'ses' }),
        s.plan.push({ stepId: 'mail', tool: 'send_email', args: {} }),
        s.faults.push({ kind: 'error-response', boundary: 'response', step: 'mail', send: 1, status: 409 })
      ),
      /^faults\[\d+\]\.status: ses never answers 409 \(it keeps no idempotency keys\): use 429, 503, 400$/,
    ],
    [
      'a vendor faultline does not play',
      (s) => (s.vendors = { payments: 'adyen' }),
      /^vendors\.payments must be one of/,
    ],
    [
      "Resend's e-mail mode with another e-mail vendor",
      (s) => ((s.vendors = { email: 'ses' }), (s.services.email = { processingMs: 20, mode: 'neither' })),
      /^services\.email\.mode.*"mode" is Resend's; ses has its own: remove it$/,
    ],
  ])('rejects %s with a one-line problem naming the field', (_label, edit, problem) => {
    const p = problemOf(variant(edit))
    expect(p).toMatch(problem)
    expect(p).not.toContain('\n')
  })

  // A misspelt key would quietly run another
  // experiment: each part says what was meant.
  it.each<[string, (s: Record<string, any>) => void, string]>([
    [
      'top level',
      (s) => ((s.abortOnFaliure = true), delete s.abortOnFailure),
      'unknown key "abortOnFaliure": did you mean "abortOnFailure"?',
    ],
    [
      'model',
      (s) => ((s.model.maxAsk = 2), delete s.model.maxAsks),
      'unknown key "maxAsk" in model: did you mean "maxAsks"?',
    ],
    [
      'a plan step',
      (s) => ((s.plan[0].step_id = 's1'), delete s.plan[0].stepId),
      'unknown key "step_id" in plan[0]: did you mean "stepId"?',
    ],
    [
      'a fault',
      (s) => ((s.faults[1].delayMS = 5), delete s.faults[1].delayMs),
      'unknown key "delayMS" in faults[1]: did you mean "delayMs"?',
    ],
    [
      'a crash',
      (s) => ((s.faults[5].pause = 5), delete s.faults[5].pauseMs),
      'unknown key "pause" in faults[5]: did you mean "pauseMs"?',
    ],
    [
      'services',
      (s) => ((s.services.paymnets = s.services.payments), delete s.services.payments),
      'unknown key "paymnets" in services: did you mean "payments"?',
    ],
    [
      'a service',
      (s) => (s.services.payments.visibilityLag = 5),
      'unknown key "visibilityLag" in services.payments: did you mean "visibilityLagMs"?',
    ],
    [
      'a payment intent',
      (s) => (s.services.payments.paymentIntents[0].amout = 1),
      'unknown key "amout" in services.payments.paymentIntents[0]: did you mean "amount"?',
    ],
    [
      'a version 1 fault',
      (s) => ((s.faults[0].attempt = 1), delete s.faults[0].send),
      'unknown key "attempt" in faults[0]: faults are addressed by step now — "step": "<stepId>" with "send": n (or "probe": n)',
    ],
  ])('names the likely key for a misspelt one in %s', (_where, edit, problem) => {
    expect(problemOf(variant(edit))).toBe(problem)
  })

  it('lists the keys it knows when nothing is close', () => {
    expect(problemOf(variant((s) => (s.colour = 'red')))).toMatch(
      /^unknown key "colour": expected one of "\$schema", "version", "name", /,
    )
  })

  it.each([null, [], 'scenario', 42])('rejects a non-object (%j)', (input) => {
    expect(problemOf(input)).toBe('a scenario must be a JSON object')
  })

  it('reports one problem at a time', () => {
    const p = problemOf(
      variant((s) => {
        s.seed = 'x'
        s.plan = []
      }),
    )
    expect(p).toMatch(/^(seed|plan)/)
  })

  // Regression: only own properties name tools.
  it('rejects a tool named after an Object.prototype member', () => {
    expect(parseScenario(variant((s) => (s.plan[0].tool = 'constructor'))).ok).toBe(false)
  })

  // Regression: only own properties name fault
  // kinds, and bad input never throws.
  it('returns a problem (does not throw) for a fault kind named after an Object.prototype member', () => {
    const input = variant((s) => (s.faults = [{ kind: 'constructor', step: 's1', send: 1 }]))
    expect(() => parseScenario(input)).not.toThrow()
  })
})
