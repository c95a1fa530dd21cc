// Never a pass on nothing: a campaign whose tool calls never
// reached a service says so, and why, from its own counts;
// one call that reached a service is enough to have tested.
import { describe, expect, it } from 'vitest'
import { summarize, type RunRecord } from '../../../harness/campaign/campaign.ts'
import { nothingTested } from '../../../harness/campaign/nothing-tested.ts'
import { MESSAGE_CHARS } from '../../../harness/judge/first-unsent.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { history } from '../judge/history-builder.ts'

const record = (index: number, build: ReturnType<typeof history>): RunRecord => ({
  index,
  coverage: [],
  verdict: judge(build.build()),
})
/** Answered at once, no request: FAILED_NO_EFFECT. */
const idle = (i: number) => record(i, history().callStarted(`r${i}/s1`).report(`r${i}/s1`, 1, 'FAILED_NO_EFFECT'))
/** Its requests went to other hosts. */
const elsewhere = (i: number, ...hosts: string[]) => {
  let h = history().callStarted(`r${i}/s1`)
  for (const host of hosts) h = h.blocked(`r${i}/s1`, host)
  return record(i, h.report(`r${i}/s1`, 1, 'FAILED_NO_EFFECT'))
}
/** One request reached a service. */
const tested = (i: number) =>
  record(i, history().callStarted(`r${i}/s1`).attempt(`r${i}/s1`, 1).report(`r${i}/s1`, 1, 'UNKNOWN'))

describe('nothing tested', () => {
  it('says why: calls answered without a request reaching a service', () => {
    const s = summarize('x', 'vendor', [idle(0), idle(1)])
    expect(s.nothingTested).toBe(
      'no tool call reached a service in 2 runs: 2 tool calls answered; 2 asks FAILED_NO_EFFECT before a request reached a service; the first answer (run 1, r0/s1): FAILED_NO_EFFECT, "the call FAILED_NO_EFFECT"',
    )
  })

  it("quotes the earliest run's first answer, whatever order runs end in, cut to one short line", () => {
    const said = (i: number, message: string) =>
      record(
        i,
        history()
          .callStarted(`r${i}/s1`)
          .reportEnvelope(`r${i}/s1`, 1, {
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'loop-said-nothing',
            message,
          })
          .callStarted(`r${i}/s2`)
          .report(`r${i}/s2`, 1, 'FAILED_NO_EFFECT'),
      )
    const long = `The run stopped for approval of refund_order\n${'x'.repeat(300)}`
    const s = summarize('x', 'vendor', [said(3, 'later'), said(1, long), said(2, 'later')])
    expect(s.nothingTested).toMatch(
      /; the first answer \(run 2, r1\/s1\): UNKNOWN, "The run stopped for approval of refund_order"$/,
    )
    const cut = 'y'.repeat(MESSAGE_CHARS + 40)
    expect(summarize('x', 'vendor', [said(0, cut)]).nothingTested).toContain(`"${'y'.repeat(MESSAGE_CHARS - 1)}…"`)
  })

  it('a run in which a tool call reached a service keeps no first answer', () => {
    expect(tested(0).verdict.unsent).toBeUndefined()
    expect(idle(0).verdict.unsent).toEqual({
      call: 'r0/s1',
      status: 'FAILED_NO_EFFECT',
      message: 'the call FAILED_NO_EFFECT',
    })
  })

  it('names the hosts refused, once each, sorted, at most three then how many more', () => {
    const s = summarize('x', 'vendor', [
      elsewhere(0, 'api.example.com', 'api.example.com'),
      elsewhere(1, 'b.example', 'a.example', 'c.example'),
    ])
    expect(s.blocked).toEqual({ attempts: 5, hosts: ['a.example', 'api.example.com', 'b.example', 'c.example'] })
    expect(s.nothingTested).toMatch(
      /^no tool call reached a service in 2 runs: 5 attempts to reach a\.example, api\.example\.com, b\.example and 1 more refused; 2 tool calls answered;/,
    )
  })

  it('one tool call that reached a service in any run is something tested', () => {
    expect(summarize('x', 'vendor', [idle(0), elsewhere(1, 'api.example.com'), tested(2)]).nothingTested).toBeNull()
  })

  it('a request outside any tool call (a boot, a recover) is not a tool call tested, and is said', () => {
    const s = summarize('x', 'vendor', [
      record(0, history().attempt(null, 1).callStarted('r/s1').report('r/s1', 1, 'FAILED_NO_EFFECT')),
    ])
    expect(s.requests).toBe(1)
    expect(s.nothingTested).toMatch(/; 1 request reached one outside any tool call; the first answer /)
  })

  it('no run counted (an empty shard) says nothing: there is nothing to judge', () => {
    expect(summarize('x', 'vendor', []).nothingTested).toBeNull()
    expect(
      nothingTested({
        runs: 0,
        requests: 0,
        blocked: { attempts: 0, hosts: [] },
        notStarted: 0,
        unresolved: { calls: 0 },
        verification: { calls: 0 },
      }),
    ).toBeNull()
  })
})
