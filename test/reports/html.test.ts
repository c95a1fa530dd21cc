import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseReport } from '../../harness/campaign/merge.ts'
import { main } from '../../faultline/cli/main.ts'
import type { CompareReport } from '../../harness/campaign/report-schema.ts'
import type { History, HistoryEvent } from '../../harness/history/history.ts'
import type { HtmlReport, HtmlViolation } from '../../reports/html/input.ts'
import { htmlReportFrom } from '../../reports/html/from-report.ts'
import { renderHtmlReport } from '../../reports/html/report.ts'
import { duration, shortDuration } from '../../reports/html/time.ts'
import { renderTimelineSvg } from '../../reports/html/timeline.ts'
import { envelope, history } from '../harness/judge/history-builder.ts'
import { scratchDir } from '../support/scratch.ts'
import { assertBalanced, expectSelfContained } from './support/html-check.ts'
import { gateOf, smallCompare } from './support/reports.ts'

const HOSTILE = '<script>alert(1)</script>'
const ATTR_BREAK = '" onmouseover="alert(2)'
const DAY = 25 * 3_600_000

/**
 * A refund's response lost after the effect (reported
 * FAILED_NO_EFFECT), an e-mail UNKNOWN with retry_safe
 * true, a crash with a 25-hour pause, recovery, an
 * abort, every other event kind; hostile strings.
 */
function fullHistory(pauseMs = DAY): History {
  const h = history()
    .at(0)
    .runStartedWithDeadline(45_000)
    .turn(45_000)
    .booted(1)
    .callStarted('r/s1', 1, 'issue_refund')
    .attempt('r/s1', 1)
    .fault('r/s1', 1, 'after-effect', 'reset-after-effect')
    .delivered(1)
    .at(20)
    .effect('r/s1', 1, 're_1')
    .response(1, 200)
    .lost(1)
    .answered('r/s1', 1, null, null, 'ECONNRESET')
    .report('r/s1', 1, 'FAILED_NO_EFFECT')
    .callStarted('r/s2', 1, 'send_email')
    .attemptWith('r/s2', 2, { service: 'email', path: '/v1/emails', fingerprint: 'email-body' })
    .fault('r/s2', 2, 'service', 'service-restart')
    .add({ type: 'service-restarted', service: 'email' })
    .answered('r/s2', 2, null, null, 'ECONNRESET')
    .attemptWith('r/s2', 3, { service: 'email', method: 'GET', path: '/v1/emails', probe: true })
    .delivered(3)
    .response(3, 404)
    .answered('r/s2', 3, 404, 2_000)
    .reportEnvelope('r/s2', 1, { ...envelope('UNKNOWN'), retry_safe: true, message: HOSTILE })
    .executorFault('r/s2', 'threw', `boom ${HOSTILE} ${ATTR_BREAK}`)
    .crashed(1, 'after-response', 'r/s2')
    .at(20 + pauseMs)
    .turn(20 + pauseMs + 45_000)
    .booted(2)
    .recovered(2)
    .add({ type: 'fenced', generation: 1, what: 'POST /v1/refunds' })
    .abortRequested('r')
    .abortReported('r', [
      { ...envelope('SUCCEEDED', { type: 'refund', id: 're_2' }), compensates: { type: 'charge', id: 'pi_1' } },
    ])
    .at(30 + pauseMs)
    .runEnded()
  return h.build()
}

const VIOLATIONS: readonly HtmlViolation[] = [
  {
    judge: 'false-failure',
    call: 'r/s1',
    message: 'r/s1: reported FAILED_NO_EFFECT at 20 ms (ask 1) but attempt 1, sent before, applied re_1 at 20 ms',
  },
  {
    judge: 'unknown-retry-safe',
    call: 'r/s2',
    message: `r/s2: ask 1 reported UNKNOWN with retry_safe: true ${HOSTILE}`,
  },
]

function report(h: History = fullHistory()): HtmlReport {
  return {
    title: `faultline gate ${HOSTILE}`,
    subtitle: `gate — executor ${HOSTILE}, seed 1, 200 runs, profile vendor`,
    verdict: { passed: false, line: 'FAIL — 3 failing run(s), first at run 7' },
    leaderboard: [
      {
        executor: 'reference',
        runs: 200,
        failingRuns: 0,
        violations: {},
        unresolvedRate: 0.02,
        recoveryP50Ms: 250,
        recoveryP95Ms: 90_000_290,
        passK: 1,
        probesPerCall: 0.72,
        extraSendsPerCall: 0.17,
      },
      {
        executor: `naive ${HOSTILE}`,
        runs: 200,
        failingRuns: 120,
        violations: { 'false-failure': 80, 'duplicate-effect': 40, [HOSTILE]: 1 },
        unresolvedRate: 0,
        recoveryP50Ms: null,
        recoveryP95Ms: null,
        passK: null,
        probesPerCall: 0,
        extraSendsPerCall: 0.65,
      },
    ],
    violationsByJudge: { 'false-failure': 80, 'duplicate-effect': 40, [ATTR_BREAK]: 2 },
    violationsByBoundary: { 'after-effect': 70, 'in-transit': 50 },
    recoveryMs: { reference: [0, 0, 20, 250, 3_000, 90_000_000], [`naive ${HOSTILE}`]: [] },
    counterexamples: [
      {
        executor: `naive ${HOSTILE}`,
        judge: 'false-failure',
        violations: VIOLATIONS,
        scenarioJson: JSON.stringify({ name: HOSTILE, about: ATTR_BREAK }, null, 2),
        scenarioFile: null,
        replay: `npm run faultline -- run reports/out/x.json --executor '${HOSTILE}'`,
        history: h,
      },
    ],
  }
}

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(report())

  it('references nothing outside the file', () => {
    expectSelfContained(html)
  })

  it('puts the verdict first, then the subtitle, the leaderboard, the charts and the counterexamples', () => {
    const body = html.slice(html.indexOf('<body>'))
    const order = [
      'class="verdict fail"',
      'class="subtitle"',
      'class="leaderboard"',
      'data-chart="violations by judge"',
      'data-chart="violations by boundary"',
      'data-chart="recovery latency"',
      'class="counterexample"',
      'class="timeline"',
    ]
    const at = order.map((s) => body.indexOf(s))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(body.indexOf('class="verdict')).toBeLessThan(body.indexOf('<h1'))
    expect(html).toContain('<span class="badge">FAIL</span>3 failing run(s), first at run 7')
  })

  it('shows n/a for what was not computed, and every judge with a count as a column', () => {
    const row = html.slice(
      html.indexOf('data-executor="naive'),
      html.indexOf('</tr>', html.indexOf('data-executor="naive')),
    )
    expect(row.match(/n\/a/g)).toHaveLength(3)
    expect(html).toContain('<abbr title="false-failure">FF</abbr>')
    expect(html).toContain('<abbr title="duplicate-effect">DE</abbr>')
  })

  it('escapes every string from the input', () => {
    expect(html).not.toContain(HOSTILE)
    expect(html).not.toContain(ATTR_BREAK)
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&quot; onmouseover=&quot;alert(2)')
  })

  it('draws the latencies on a log axis without breaking on 0 or a day', () => {
    expect(html).not.toMatch(/NaN|Infinity|undefined/)
    const chart = html.slice(html.indexOf('data-chart="recovery latency"'))
    expect(chart.match(/class="latency"/g)).toHaveLength(6)
    expect(chart).toContain('1 d')
    expect(chart).toContain('no faulted call reached a known outcome')
  })

  it('folds the scenario JSON and gives the replay command', () => {
    expect(html).toMatch(/<details class="scenario"><summary>Scenario \(JSON\)<\/summary><pre><code>\{/)
    expect(html).toContain('npm run faultline -- run reports/out/x.json')
  })

  it('is balanced markup inside every SVG', () => {
    for (const svg of html.match(/<svg\b[\s\S]*?<\/svg>/g) ?? []) assertBalanced(svg)
  })
})

describe('renderTimelineSvg', () => {
  const h = fullHistory()
  const svg = renderTimelineSvg(h, VIOLATIONS)

  it('draws every event of the history, each with its type', () => {
    for (const type of new Set(h.map((e) => e.type))) expect(svg, type).toContain(`data-event-type="${type}"`)
    expect(svg.match(/<g class="ev[ "]/g)).toHaveLength(h.length)
    expect(new Set(h.map((e) => e.type)).size).toBe(20)
  })

  it('has a lane for the model, the executor, the network and each service seen', () => {
    for (const lane of ['model', 'executor', 'network', 'service:payments', 'service:email'])
      expect(svg).toContain(`class="lifeline" data-lane="${lane}"`)
  })

  it('marks the fault where it struck, with its kind and boundary', () => {
    const fault = group(svg, 'fault-injected', 5)
    expect(fault).toMatch(/class="ev ev-fault-injected fault"/)
    expect(fault).toContain('class="fault-marker"')
    expect(fault).toContain('reset-after-effect · after-effect')
    expect(fault).toContain('⚡')
    expect(group(svg, 'process-crashed')).toMatch(/class="ev ev-process-crashed crash"/)
    expect(group(svg, 'process-crashed')).toContain('💥')
  })

  it('draws the violation: the report and the effect it is about, and its message in a callout', () => {
    const report = group(
      svg,
      'outcome-reported',
      eventSeq(h, (e) => e.type === 'outcome-reported' && e.call === 'r/s1'),
    )
    expect(report).toMatch(/class="ev ev-outcome-reported violation"/)
    expect(report).toContain('FAILED_NO_EFFECT')
    // The ledger's truth beside the report.
    expect(report).toContain('ledger: re_1')
    expect(group(svg, 'effect-applied')).toMatch(/class="ev ev-effect-applied violation"/)
    expect(svg).toMatch(/<g class="callout violation" data-judge="false-failure" data-call="r\/s1" data-violation="1">/)
    expect(svg).toContain('r/s1: reported FAILED_NO_EFFECT at 20 ms (ask 1)')
    expect(svg).toMatch(/class="ledger-line violation"[^>]*data-event-type="outcome-reported"/)
    // r/s2's UNKNOWN report is the second violation's.
    expect(
      group(
        svg,
        'outcome-reported',
        eventSeq(h, (e) => e.type === 'outcome-reported' && e.call === 'r/s2'),
      ),
    ).toContain('data-violations="2"')
  })

  it('gives every event a tooltip with its full description', () => {
    expect(group(svg, 'attempt-sent')).toMatch(/<title>#4 at 0 ms — attempt 1: POST payments\/v1\/refunds for r\/s1\n/)
    expect(group(svg, 'response-lost')).toContain(
      '<title>#9 at 20 ms — attempt 1 response lost: connection reset after the effect</title>',
    )
  })

  it('escapes what the executor wrote', () => {
    expect(svg).not.toContain(HOSTILE)
    expect(svg).not.toContain(ATTR_BREAK)
    expect(svg).toContain('&lt;script&gt;')
    assertBalanced(svg)
  })

  it('cuts a 25-hour pause to a marked break instead of a tall picture', () => {
    const height = (s: string) => Number(/<svg[^>]*\bheight="(\d+)"/.exec(s)![1])
    const long = height(svg)
    const short = height(renderTimelineSvg(fullHistory(25), VIOLATIONS))
    expect(svg).toMatch(/class="time-break" data-label="25 h later"/)
    expect(long - short).toBeLessThanOrEqual(40)
    expect(long).toBeLessThan(40 * h.length + 500)
  })

  it('draws a flooded history in part, with a bounded height', () => {
    const flood: HistoryEvent[] = [...fullHistory()]
    for (let i = 0; i < 5_000; i++)
      flood.push({
        seq: flood.length,
        t: DAY + 1_000 + i,
        type: 'executor-fault',
        call: null,
        problem: 'threw',
        message: `again ${i}`,
      })
    const s = renderTimelineSvg(flood, [])
    expect(s).toContain('events not drawn')
    expect(Number(/<svg[^>]*\bheight="(\d+)"/.exec(s)![1])).toBeLessThan(20_000)
  })
})

/** The SVG group of a `type` event (`seq`, or the first). */
function group(svg: string, type: string, seq?: number): string {
  const re = new RegExp(
    `<g class="ev ev-${type}[^"]*"[^>]*data-seq="${seq ?? '\\d+'}"[^>]*>[\\s\\S]*?</g>(?=<g class="ev|<g class="callouts|<g class="ledger)`,
  )
  const m = re.exec(svg)
  expect(m, `${type} ${seq ?? ''}`).not.toBeNull()
  return m![0]
}

function eventSeq(h: History, pred: (e: HistoryEvent) => boolean): number {
  return h.find(pred)!.seq
}

/** A scratch dir for the CLI, and a reader for it. */
function scratch() {
  const cwd = scratchDir('html')
  return {
    io: { out: () => {}, err: () => {}, cwd, env: {} },
    read: (f: string) => parseReport(JSON.parse(readFileSync(join(cwd, f), 'utf8')), f),
  }
}

describe('the HTML report from a saved result', () => {
  it('draws a gate report (the JSON --out writes) with its counterexample timeline, and no network reference', async () => {
    const { io, read } = scratch()
    await main(
      ['gate', '--executor', 'naive', '--runs', '10', '--workers', '1', '--no-corpus', '--out', 'gate.json'],
      io,
    )
    const saved = read('gate.json')
    if (saved.command !== 'gate') throw new Error('a gate report')
    const html = renderHtmlReport(htmlReportFrom(saved))
    expect(html).toContain('data-verdict="FAIL"')
    expect(html).toContain(`data-judge="${saved.counterexample!.judge}"`)
    expect(html.match(/<svg/g)!.length).toBeGreaterThanOrEqual(3) // charts and the timeline
    expectSelfContained(html)
  })

  it("draws a compare report, its leaderboard in the text one's order, and a run report, whose history is drawn whether or not it failed", async () => {
    const { io, read } = scratch()
    await main(
      [
        'compare',
        '--executors',
        'naive,reference',
        '--runs',
        '10',
        '--k',
        '1',
        '--workers',
        '1',
        '--no-corpus',
        '--out',
        'compare.json',
      ],
      io,
    )
    const compared = read('compare.json')
    const html = renderHtmlReport(htmlReportFrom(compared))
    expect(html).toContain('data-verdict="FAIL"')
    // reference (no failing run) heads the leaderboard,
    // though named second.
    expect(html.indexOf('<tr class="passing" data-executor="reference"')).toBeLessThan(
      html.indexOf('data-executor="naive"'),
    )
    expect(html).toMatch(/<section class="counterexample" id="counterexample-1" data-executor="naive"/)
    expectSelfContained(html)

    const scenario = join(import.meta.dirname, '../../scenarios/named/dropped-connection-after-server-acted.json')
    for (const [executor, verdict] of [
      ['naive', 'FAIL'],
      ['reference', 'PASS'],
    ] as const) {
      await main(['run', scenario, '--executor', executor, '--out', `run-${executor}.json`], io)
      const ran = read(`run-${executor}.json`)
      if (ran.command !== 'run') throw new Error('a run report')
      const page = renderHtmlReport(htmlReportFrom(ran))
      expect(page, executor).toContain(`data-verdict="${verdict}"`)
      expect(page).toContain('<h2>The run</h2>')
      expect(page.match(/<g class="ev[ "]/g)).toHaveLength(ran.history.length)
      expect(page).toContain(`--executor ${executor}`)
      for (const v of ran.verdict.violations) expect(page).toContain(`data-judge="${v.judge}"`)
      expectSelfContained(page)
    }
  })

  it("gives a gate's figures, what it exercised, and its checks: a saved counterexample still failing, coverage not reached", async () => {
    const { io, read } = scratch()
    // The first gate saves its counterexample; the
    // second replays it first and asks for coverage 2
    // runs cannot reach.
    await main(['gate', '--executor', 'naive', '--runs', '50', '--seed', '4', '--workers', '1'], io)
    await main(
      [
        'gate',
        '--executor',
        'naive',
        '--runs',
        '2',
        '--seed',
        '99',
        '--workers',
        '1',
        '--min-coverage',
        'executor-crash=50',
        '--out',
        'gate.json',
      ],
      io,
    )
    const saved = read('gate.json')
    if (saved.command !== 'gate') throw new Error('a gate report')
    const html = renderHtmlReport(htmlReportFrom(saved))
    for (const f of ['runs', 'failing runs', 'unresolved', 'recovery', 'verification', 'simulated'])
      expect(html).toContain(`<tr data-figure="${f}">`)
    expect(html).toContain(`<td class="value">${saved.summary.runs} of 2</td>`)
    expect(html.match(/<tr data-kind=/g)?.length ?? 0).toBe(saved.summary.coverage.length)
    const entry = saved.corpus[0]!
    expect(entry.status).toBe('still-failing')
    expect(html).toMatch(
      new RegExp(
        `<li class="check fail" data-ok="fail"><b>✗ saved counterexample still failing</b> ${entry.file.replace(/[.]/g, '\\.')}`,
      ),
    )
    expect(html).toContain(`<code>${entry.replay}</code>`)
    expect(html).toMatch(/<li class="check fail" data-ok="fail"><b>✗ coverage<\/b> executor-crash ≥ 50: \d+<\/li>/)
    expectSelfContained(html)
  })

  it('says when a report has no per-run latencies (--json leaves them out) instead of drawing none', async () => {
    let out = ''
    await main(['gate', '--executor', 'reference', '--runs', '5', '--workers', '1', '--no-corpus', '--json'], {
      ...scratch().io,
      out: (t) => (out += t),
    })
    const saved = parseReport(JSON.parse(out), 'stdout')
    expect(saved.command === 'gate' && saved.runs).toBeFalsy()
    const html = renderHtmlReport(htmlReportFrom(saved))
    expect(html).toContain('this report has no per-run records (--out keeps them)')
    expect(html).not.toContain('no faulted call reached a known outcome')
  })
})

describe('recovery latency per fault class in HTML', () => {
  let compared: CompareReport
  beforeAll(async () => {
    compared = await smallCompare()
  }, 60_000)

  it("lists a gate's classes among its figures, under the overall recovery", () => {
    const gate = gateOf(compared, 'naive')
    const html = renderHtmlReport(htmlReportFrom(gate))
    const classes = gate.summary.recoveryByFault
    expect(classes.length).toBeGreaterThan(1)
    let at = html.indexOf('<tr data-figure="recovery">')
    expect(at).toBeGreaterThan(0)
    for (const c of classes) {
      const row = `<tr data-figure="↳ ${c.kind} @ ${c.boundary}"><th scope="row">↳ ${c.kind} @ ${c.boundary}</th><td class="value">p50 ${duration(c.latency.p50!)} · p95 ${duration(c.latency.p95!)} · max ${duration(c.latency.max!)}</td>`
      expect(html.indexOf(row), row).toBeGreaterThan(at)
      at = html.indexOf(row)
    }
    expect(at).toBeLessThan(html.indexOf('<tr data-figure="verification">'))
    expect(html).not.toContain('class="leaderboard recovery-by-fault"') // a gate's are among its figures
  })

  it("gives a comparison a table under the latency chart: a row per executor in the leaderboard's order, p50 / p95 per class", () => {
    const html = renderHtmlReport(htmlReportFrom(compared))
    expectSelfContained(html)
    const table = html.slice(
      html.indexOf('<table class="leaderboard recovery-by-fault">'),
      html.indexOf('</table>', html.indexOf('recovery-by-fault">')),
    )
    expect(html.indexOf('data-chart="recovery latency"')).toBeLessThan(
      html.indexOf('<table class="leaderboard recovery-by-fault">'),
    )
    expect([...table.matchAll(/<tr data-executor="([^"]+)"/g)].map((m) => m[1])).toEqual(['reference', 'naive'])
    const classes = new Set(
      compared.rows.flatMap((r) => r.summary.recoveryByFault.map((c) => `${c.kind}@${c.boundary}`)),
    )
    expect(table.match(/<th scope="col" data-class=/g)).toHaveLength(classes.size)
    for (const row of compared.rows) {
      const tr = table.slice(
        table.indexOf(`<tr data-executor="${row.summary.executor}"`),
        table.indexOf('</tr>', table.indexOf(`<tr data-executor="${row.summary.executor}"`)),
      )
      for (const c of row.summary.recoveryByFault) {
        expect(tr).toContain(
          `data-class="${c.kind}@${c.boundary}" title="p50 ${duration(c.latency.p50!)} · p95 ${duration(c.latency.p95!)} · max ${duration(c.latency.max!)} · ${c.latency.count} faulted call`,
        )
        expect(tr).toContain(`>${shortDuration(c.latency.p50!)} / ${shortDuration(c.latency.p95!)}</td>`)
      }
      expect(tr.match(/<td class="num zero">·<\/td>/g)?.length ?? 0).toBe(
        classes.size - row.summary.recoveryByFault.length,
      )
    }
  })

  it('says so when no faulted call recovered', () => {
    const none = {
      ...compared,
      rows: compared.rows.map((r) => ({ ...r, summary: { ...r.summary, recoveryByFault: [] } })),
    }
    expect(renderHtmlReport(htmlReportFrom(none))).toContain('data-recovery-by-fault="none"')
  })
})
