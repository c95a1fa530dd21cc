import { describe, expect, it } from 'vitest'
import { checkCoverage, minCoverageFromJson, parseMinCoverage } from '../../../harness/campaign/min-coverage.ts'
import type { CoverageCell } from '../../../harness/judge/coverage.ts'

const cell = (
  kind: string,
  boundary: string,
  tool: string,
  struck: number,
  more: Partial<CoverageCell> = {},
): CoverageCell => ({
  kind,
  boundary,
  tool,
  struck,
  effectWhileError: 0,
  unknownReconciled: 0,
  crashInFlight: 0,
  ...more,
})

describe('--min-coverage', () => {
  it('parses terms of a kind, a boundary, a tool and a state, in any order', () => {
    const parsed = parseMinCoverage(
      'reset-after-effect:issue_refund=5, executor-crash:crash-in-flight=1,unknown-reconciled=20,effect-while-error:after-effect=2',
    )
    expect(parsed).toEqual({
      ok: true,
      requirements: [
        {
          term: 'reset-after-effect:issue_refund',
          kind: 'reset-after-effect',
          boundary: null,
          tool: 'issue_refund',
          state: 'struck',
          need: 5,
        },
        {
          term: 'executor-crash:crash-in-flight',
          kind: 'executor-crash',
          boundary: null,
          tool: null,
          state: 'crash-in-flight',
          need: 1,
        },
        { term: 'unknown-reconciled', kind: null, boundary: null, tool: null, state: 'unknown-reconciled', need: 20 },
        {
          term: 'effect-while-error:after-effect',
          kind: null,
          boundary: 'after-effect',
          tool: null,
          state: 'effect-while-error',
          need: 2,
        },
      ],
    })
    expect(minCoverageFromJson({ 'late-delivery:send_email': 3 }, 'policy.json')).toMatchObject({
      ok: true,
      requirements: [{ kind: 'late-delivery', tool: 'send_email', need: 3 }],
    })
  })

  it('refuses what it cannot mean, in one line that names the fix', () => {
    expect(parseMinCoverage('reset-afer-effect=5')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('did you mean "reset-after-effect"'),
    })
    expect(parseMinCoverage('reset-after-effect')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('needs a count'),
    })
    expect(parseMinCoverage('latency=0')).toMatchObject({ ok: false, problem: expect.stringContaining('at least 1') })
    expect(parseMinCoverage('latency:late-delivery=1')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('two fault kinds'),
    })
    expect(parseMinCoverage('')).toMatchObject({ ok: false })
    expect(minCoverageFromJson([1], 'x.json')).toMatchObject({ ok: false, problem: expect.stringContaining('x.json') })
  })

  it('sums the matching cells of the requirement state, and says whether each is met', () => {
    const cells = [
      cell('reset-after-effect', 'after-effect', 'issue_refund', 3, { effectWhileError: 3, unknownReconciled: 2 }),
      cell('reset-after-effect', 'after-effect', 'send_email', 2, { effectWhileError: 2 }),
      cell('executor-crash', 'executor', 'issue_refund', 4, { crashInFlight: 1 }),
    ]
    const parsed = parseMinCoverage(
      'reset-after-effect=5,reset-after-effect:issue_refund=4,effect-while-error=5,crash-in-flight=2,unknown-reconciled:send_email=1',
    )
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(checkCoverage(parsed.requirements, cells).map((r) => [r.term, r.got, r.met])).toEqual([
      ['reset-after-effect', 5, true],
      ['reset-after-effect:issue_refund', 3, false],
      ['effect-while-error', 5, true],
      ['crash-in-flight', 1, false],
      ['unknown-reconciled:send_email', 0, false],
    ])
  })
})
