import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import { retryBeforeRetryAfter } from '../../../harness/judge/retry-before-retry-after.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { history } from './history-builder.ts'

// r/s1's attempt 1 (process 1) gets Retry-After
// 1000 ms at t = 100: that process may not send
// the mutation to payments again before t = 1100.
const throttled = (status = 429) =>
  history()
    .booted(1)
    .callStarted('r/s1')
    .at(0)
    .attemptWith('r/s1', 1, { generation: 1 })
    .fault('r/s1', 1, 'after-receipt', 'error-response')
    .at(100)
    .answered('r/s1', 1, status, 1000)

describe('retryBeforeRetryAfter', () => {
  it('fires for the next mutation of the same call and process 1 ms before t + Retry-After', () => {
    const h = throttled().at(1099).attemptWith('r/s1', 2, { generation: 1 }).build()
    const found = retryBeforeRetryAfter(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      judge: 'retry-before-retry-after',
      call: 'r/s1',
      tool: 'issue_refund',
      boundaries: ['after-receipt'],
    })
    expect(found[0]?.message).toBe(
      'r/s1: attempt 2 went to payments at 1099 ms, before 1100 ms, as the Retry-After on attempt 1 from payments asked',
    )
  })

  it("says when the early send came on the model's next ask, not the same one", () => {
    const h = throttled().callStarted('r/s1', 2).at(200).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h)[0]?.message).toBe(
      "r/s1: attempt 2, in the model's ask 2, went to payments at 200 ms, before 1100 ms, as the Retry-After on attempt 1 from payments asked",
    )
  })

  it('fires for an immediate retry after a 503 with Retry-After', () => {
    const h = throttled(503).at(100).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire for the next mutation exactly at t + Retry-After', () => {
    const h = throttled().at(1100).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for probes in between, nor for the mutation that waits', () => {
    const h = throttled()
      .at(200)
      .attemptWith('r/s1', 2, { probe: true, generation: 1 })
      .answered('r/s1', 2, 404)
      .at(600)
      .attemptWith('r/s1', 3, { probe: true, generation: 1 })
      .answered('r/s1', 3, 404)
      .at(1100)
      .attemptWith('r/s1', 4, { generation: 1 })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for a mutation by another process (the one that was told crashed)', () => {
    const h = throttled()
      .at(150)
      .crashed(1, 'after-answer', 'r/s1')
      .turn(60_000)
      .booted(2)
      .at(200)
      .attemptWith('r/s1', 2, { generation: 2 })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for another call to the same service (another operation: at worst refused in turn)', () => {
    const h = throttled().callStarted('r/s2').at(200).attemptWith('r/s2', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('fires for the same call asked again by the model within the window', () => {
    const h = throttled().callStarted('r/s1', 2).at(300).attemptWith('r/s1', 2, { generation: 1 }).build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire for a mutation to another service', () => {
    const h = throttled()
      .callStarted('r/s2', 1, 'send_email')
      .at(200)
      .attemptWith('r/s2', 2, { generation: 1, service: 'email', path: '/emails' })
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it("holds mutations to a probe's Retry-After too: the service asked the client to hold off", () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1, { probe: true })
      .at(100)
      .answered('r/s1', 1, 429, 1000)
      .at(200)
      .attemptWith('r/s1', 2)
      .build()
    expect(retryBeforeRetryAfter(h).map((v) => v.call)).toEqual(['r/s1'])
  })

  it('does not fire when the error carried no Retry-After', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1)
      .at(100)
      .answered('r/s1', 1, 503, null)
      .at(101)
      .attemptWith('r/s1', 2)
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('does not fire for a mutation sent before the Retry-After arrived', () => {
    const h = history()
      .callStarted('r/s1')
      .at(0)
      .attemptWith('r/s1', 1)
      .at(50)
      .attemptWith('r/s1', 2)
      .at(100)
      .answered('r/s1', 1, 429, 1000)
      .build()
    expect(retryBeforeRetryAfter(h)).toEqual([])
  })

  it('holds the call to the latest Retry-After', () => {
    const h = throttled()
      .at(1100)
      .attemptWith('r/s1', 2, { generation: 1 })
      .at(1200)
      .answered('r/s1', 2, 429, 2000)
      .at(3199)
      .attemptWith('r/s1', 3, { generation: 1 })
      .build()
    const found = retryBeforeRetryAfter(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toContain('attempt 3 went to payments at 3199 ms, before 3200 ms')
  })

  it('reports a service once per process', () => {
    const h = throttled()
      .at(200)
      .attemptWith('r/s1', 2, { generation: 1 })
      .at(300)
      .attemptWith('r/s1', 3, { generation: 1 })
      .build()
    expect(retryBeforeRetryAfter(h)).toHaveLength(1)
  })

  it('within an abort, holds the same compensation request, not the compensation of another step', () => {
    const aborting = () =>
      history()
        .booted(1)
        .callStarted('r#abort', 1, 'send_email')
        .at(0)
        .attemptWith('r#abort', 1, {
          generation: 1,
          service: 'email',
          path: '/emails',
          fingerprint: 'correction-of-s1',
        })
        .at(100)
        .answered('r#abort', 1, 429, 2000)
    expect(
      retryBeforeRetryAfter(
        aborting()
          .at(200)
          .attemptWith('r#abort', 2, {
            generation: 1,
            service: 'email',
            path: '/emails',
            fingerprint: 'correction-of-s2',
          })
          .build(),
      ),
    ).toEqual([])
    expect(
      retryBeforeRetryAfter(
        aborting()
          .at(200)
          .attemptWith('r#abort', 2, {
            generation: 1,
            service: 'email',
            path: '/emails',
            fingerprint: 'correction-of-s1',
          })
          .build(),
      ).map((v) => v.call),
    ).toEqual(['r#abort'])
  })
})

describe("SendGrid's 429: its X-RateLimit-Reset holds the process off as a Retry-After does (G5)", () => {
  // One e-mail, a 429 with 30 s to its window's
  // end, then whatever the executor does.
  const scenario: Scenario = {
    version: 2,
    name: 'sendgrid 429',
    seed: 0,
    vendors: { payments: 'stripe', email: 'sendgrid' },
    turnBudgetMs: 45_000,
    plan: [
      {
        stepId: 's1',
        tool: 'send_email',
        args: { to: 'ana@mail.test', template: 'refund_confirmation', order_id: 'O-1' },
      },
    ],
    faults: [{ kind: 'error-response', boundary: 'response', status: 429, retryAfterS: 30, send: 1, step: 's1' }],
    model: { maxAsks: 1, regenerateArgs: false },
    services: { payments: { processingMs: 20, paymentIntents: [] }, email: { processingMs: 20 } },
  }
  const sender = (waitMs: number): Executor => ({
    name: `resends-after-${waitMs}`,
    async boot() {
      const send = () =>
        fetch('https://api.sendgrid.com/v3/mail/send', {
          method: 'POST',
          headers: { authorization: 'Bearer SG.test', 'content-type': 'application/json' },
          body: JSON.stringify({
            personalizations: [{ to: [{ email: 'ana@mail.test' }] }],
            from: { email: 'shop@mail.test' },
            subject: 'Receipt',
            content: [{ type: 'text/plain', value: 'Thanks' }],
          }),
        })
      return {
        async callTool() {
          let r = await send()
          if (r.status === 429) {
            await new Promise((done) => setTimeout(done, waitMs))
            r = await send()
          }
          const sent = r.status === 202
          return {
            status: sent ? 'SUCCEEDED' : 'UNKNOWN',
            retry_safe: false,
            effect: sent ? { type: 'email', id: r.headers.get('x-message-id') ?? 'sent' } : null,
            action_taken: sent ? 'applied' : 'ambiguous',
            message: sent ? 'Sent.' : 'Not known.',
          } as const
        },
      }
    },
  })

  it('a resend at once is found, naming the header; one after the window passes', async () => {
    const { history: h } = await runScenario(scenario, sender(0))
    const told = h.find((e) => e.type === 'answered' && e.status === 429)
    expect(told).toMatchObject({ holdOffBy: 'x-ratelimit-reset' })
    // The window ends at the next whole second + 30 s.
    expect((told as { retryAfterMs: number }).retryAfterMs).toBeGreaterThanOrEqual(30_000)
    expect((told as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(31_000)
    const found = retryBeforeRetryAfter(h)
    expect(found).toHaveLength(1)
    expect(found[0]?.message).toMatch(/as the X-RateLimit-Reset on attempt 1 from email asked$/)
    const waited = await runScenario(scenario, sender(31_000))
    expect(retryBeforeRetryAfter(waited.history)).toEqual([])
  })

  it('the reference waits for the reset before it sends again', async () => {
    const { history: h } = await runScenario(scenario, reference)
    const sends = h.filter((e) => e.type === 'attempt-sent' && !e.probe)
    expect(sends).toHaveLength(2)
    expect(sends[1]!.t).toBeGreaterThanOrEqual(30_000)
    expect(retryBeforeRetryAfter(h)).toEqual([])
    expect(judge(h).violations).toEqual([])
  })
})
