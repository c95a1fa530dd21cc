// The failed gate as one assertion message: a
// history's key lines, and failures other than a
// counterexample (saved ones still failing, coverage
// not reached). The counterexample part is tested
// end to end in test/faultline/vitest/.
import { describe, expect, it } from 'vitest'
import { parseReport } from '../../harness/campaign/merge.ts'
import { main } from '../../faultline/cli/main.ts'
import { keyEvents, renderGateFailure } from '../../reports/gate-failure.ts'
import { history } from '../harness/judge/history-builder.ts'
import { scratchDir } from '../support/scratch.ts'

describe('keyEvents', () => {
  const h = history()
    .runStarted()
    .turn(45_000)
    .booted(1)
    .callStarted('r/s1')
    .attempt('r/s1', 1)
    .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
    .delivered(1)
    .effect('r/s1', 1, 're_1')
    .response(1)
    .lost(1)
    .answered('r/s1', 1, null, null, 'ECONNRESET')
    .report('r/s1', 1, 'FAILED_NO_EFFECT')
    .callStarted('r/s2', 1, 'send_email')
    .attempt('r/s2', 2)
    .delivered(2)
    .report('r/s2', 1, 'SUCCEEDED')
    .crashed(1, 'after-response')
    .runEnded()
    .build()

  it("keeps the named call's story and what belongs to no call, without the plumbing or the other calls", () => {
    const kept = keyEvents(h, ['r/s1']).shown.map((e) => e.type)
    expect(kept).toEqual([
      'call-started',
      'attempt-sent',
      'fault-injected',
      'effect-applied',
      'response-lost',
      'answered',
      'outcome-reported',
      'process-crashed',
    ])
  })

  it('keeps every call when no violation names one, and counts what it cut', () => {
    const all = keyEvents(h, [null])
    expect(all.shown.filter((e) => e.type === 'outcome-reported')).toHaveLength(2)
    expect(all.shown.some((e) => e.type === 'request-delivered' || e.type === 'run-started')).toBe(false)
    const long = history().runStarted()
    for (let i = 1; i <= 60; i++) long.callStarted(`r/s${i}`).report(`r/s${i}`, 1, 'SUCCEEDED')
    expect(keyEvents(long.build(), [null])).toMatchObject({ more: 80 })
  })
})

describe('renderGateFailure', () => {
  it('names saved counterexamples still failing and coverage not reached, with the re-run command', async () => {
    let out = ''
    await main(['gate', '--executor', 'reference', '--runs', '3', '--workers', '1', '--no-corpus', '--json'], {
      out: (t) => (out += t),
      err: () => {},
      cwd: scratchDir('gate-failure'),
      env: {},
    })
    const passed = parseReport(JSON.parse(out), 'stdout')
    if (passed.command !== 'gate') throw new Error('a gate report')
    const violation = {
      judge: 'duplicate-effect',
      call: 'run-0/s1',
      tool: 'issue_refund',
      boundaries: [],
      message: 'run-0/s1: refund applied twice',
    }
    const failed = {
      ...passed,
      passed: false,
      corpus: [
        {
          file: '.faultline/corpus/a.json',
          judge: 'duplicate-effect',
          status: 'still-failing' as const,
          violations: [violation],
          replay: 'npx faultline run .faultline/corpus/a.json --executor reference',
        },
      ],
      minCoverage: [
        {
          term: 'executor-crash',
          kind: 'executor-crash',
          boundary: null,
          tool: null,
          state: 'struck' as const,
          need: 50,
          got: 1,
          met: false,
        },
      ],
    }
    const message = renderGateFailure(failed, 'npx faultline gate --executor reference --seed 1')
    expect(message.split('\n')[0]).toBe(
      'faultline: executor reference still fails on 1 saved counterexample(s) from its corpus',
    )
    expect(message).toContain(
      '  .faultline/corpus/a.json\n    ✗ duplicate-effect: run-0/s1: refund applied twice\n    replay: npx faultline run .faultline/corpus/a.json --executor reference',
    )
    expect(message).toContain('Coverage not reached: executor-crash 1 of 50')
    expect(message.endsWith('Run the campaign again: npx faultline gate --executor reference --seed 1')).toBe(true)
  })
})
