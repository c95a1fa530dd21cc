// A report as JUnit XML (--junit): a suite
// per executor, a case per judge that ran.
// An executor fault is an <error>, not a
// <failure>. Whatever makes the command
// exit 1 is a failing case.
import type {
  CompareReport,
  GateReport,
  ReportCounterexample,
  ReportSummary,
  RunReport,
  Report,
} from '../harness/campaign/report-schema.ts'
import { replayCommand } from '../harness/campaign/report.ts'
import { JUDGE_NAMES } from '../harness/contract/names.ts'
import { DEFAULT_VENDORS, vendorsName } from '../harness/contract/vendors.ts'
import { coverageShortfall } from './kit/coverage-shortfall.ts'
import { counterexampleNote, cutLine } from './kit/cut-notes.ts'
import { junitXml, type JunitCase, type JunitSuite } from './junit-xml.ts'
import { pct } from './kit/format.ts'
import { describeScenario } from './kit/describe-scenario.ts'

export function renderJunit(report: Report): string {
  const suites =
    report.command === 'gate'
      ? [gateSuite(report)]
      : report.command === 'compare'
        ? report.rows.map((r) => compareSuite(report, r))
        : [runSuite(report)]
  return junitXml(`faultline ${report.command}`, suites)
}

function campaignProperties(c: GateReport['campaign'] | CompareReport['campaign']): [string, string][] {
  const props: [string, string][] = [
    ['seed', String(c.seed)],
    ['runs', String(c.runs)],
    ['profile', c.profile],
    ['faultline', c.faultline],
  ]
  if (c.shard) props.push(['shard', `${c.shard.index}/${c.shard.total}`])
  if ('k' in c) props.push(['k', String(c.k)])
  return props
}

/** One case per judge the summary counts, in its order. */
function judgeCases(
  command: string,
  s: ReportSummary,
  counterexamples: readonly ReportCounterexample[],
  note: string,
): JunitCase[] {
  const classname = `faultline.${command}.${s.executor}`
  return Object.entries(s.violations).map(([judge, n]): JunitCase => {
    if (n === 0) return { name: judge, classname, outcome: null }
    const mine = counterexamples.filter((c) => c.judge === judge)
    const seen = counterexamples.flatMap((c) => c.violations).filter((v) => v.judge === judge)
    const message = `${n} ${judge} violation(s) over ${s.runs} runs (${s.failingRuns} failing)${seen[0] ? `; e.g. ${seen[0].message}` : ''}`
    const details = mine.length
      ? mine.map(counterexampleText).join('\n\n')
      : `${note}${seen.length ? `\n${seen.map((v) => `✗ ${v.judge}: ${v.message}`).join('\n')}` : ''}`
    return {
      name: judge,
      classname,
      outcome: { kind: judge === 'executor-fault' ? 'error' : 'failure', type: judge, message, details },
    }
  })
}

function counterexampleText(c: ReportCounterexample): string {
  const lines = [
    `minimal counterexample of ${c.judge}: run ${c.run}, fast-check seed ${c.fastCheck.seed} path ${c.fastCheck.path}, ${c.shrinks} shrinks${c.reproduced ? '' : c.cut ? ' (not replayed: the original scenario)' : ' (did not reproduce: the original scenario)'}`,
    `scenario: ${describeScenario(c.scenario)}`,
    ...c.violations.map((v) => `✗ ${v.judge}: ${v.message}`),
  ]
  const note = counterexampleNote(c)
  if (note) lines.push(note)
  if (c.file) lines.push(`saved to: ${c.file}`)
  lines.push(
    c.replay
      ? `replay with: ${c.replay}`
      : `replay: not saved (no corpus); the campaign's fast-check seed ${c.fastCheck.seed} and path ${c.fastCheck.path} regenerate it`,
  )
  return lines.join('\n')
}

function gateSuite(r: GateReport): JunitSuite {
  const s = r.summary
  const classname = `faultline.gate.${s.executor}`
  const cases = judgeCases(
    'gate',
    s,
    r.counterexample ? [r.counterexample] : [],
    'a gate shrinks only its first failing run; this class showed up there or in the runs before the stop',
  )
  for (const c of r.corpus) {
    const failing = c.status === 'still-failing'
    cases.push({
      name: `corpus ${c.file}`,
      classname,
      outcome: failing
        ? {
            kind: 'failure',
            type: 'corpus',
            message: `saved counterexample still fails: ${[...new Set(c.violations.map((v) => v.judge))].join(', ')}`,
            details: [...c.violations.map((v) => `✗ ${v.judge}: ${v.message}`), `replay with: ${c.replay}`].join('\n'),
          }
        : null,
    })
  }
  // Another profile's or pair's: not replayed, said so.
  for (const e of r.corpusElsewhere ?? [])
    cases.push({
      name: `corpus ${e.file}`,
      classname,
      outcome: {
        kind: 'skipped',
        type: e.vendors === undefined ? 'corpus-profile' : 'corpus-vendors',
        message:
          e.vendors === undefined
            ? `saved under profile ${e.profile}: not replayed by a gate of profile ${s.profile}`
            : `saved under vendors ${e.vendors}: not replayed by a gate of ${r.campaign.vendors ?? vendorsName(DEFAULT_VENDORS)}`,
        details: '',
      },
    })
  for (const q of r.minCoverage) {
    const outcome =
      q.met === false
        ? {
            kind: 'failure' as const,
            type: 'min-coverage',
            message: `${q.term}: ${q.got} of ${q.need}`,
            details: `the campaign fell short of what --min-coverage declares: ${coverageShortfall([q], { runs: r.summary.runs, probesPerCall: r.summary.verification.probesPerCall })}`,
          }
        : q.met === null
          ? {
              kind: 'skipped' as const,
              type: 'min-coverage',
              message: 'a shard: checked when the shards are merged',
              details: '',
            }
          : null
    cases.push({ name: `min-coverage ${q.term}`, classname, outcome })
  }
  cases.push(nothingTestedCase('gate', s, r.campaign.shard !== null))
  if (r.cut) cases.push(cutCase('gate', s, r.cut, cutLine(r.cut, s.runs, r.campaign.runs)!))
  return {
    name: `faultline gate ${s.executor}`,
    properties: [...campaignProperties(r.campaign), ...cutProperties(r.cut, s), ['executor', r.executor.spec]],
    cases,
  }
}

function compareSuite(r: CompareReport, row: CompareReport['rows'][number]): JunitSuite {
  const s = row.summary
  const cases = judgeCases('compare', s, row.counterexamples, 'no minimal counterexample kept for this class')
  const p = row.passK
  const name = `pass^${p.k}`
  const said = `${p.passed}/${p.scenarios} scenarios right on all ${p.k} replays (${p.replays} replays run, ${p.faulted} decided by an executor fault)`
  cases.push({
    name,
    classname: `faultline.compare.${s.executor}`,
    outcome:
      p.rate === null
        ? { kind: 'skipped', type: 'pass^k', message: 'n/a: no scenario was replayed', details: '' }
        : p.passed < p.scenarios
          ? { kind: 'failure', type: 'pass^k', message: `${name} ${pct(p.rate)}: ${said}`, details: said }
          : null,
  })
  cases.push(nothingTestedCase('compare', s, r.campaign.shard !== null))
  // The executor it stopped at carries the mark.
  if (r.cut && row === r.rows.at(-1)) cases.push(cutCase('compare', s, r.cut, cutLine(r.cut, s.runs, r.campaign.runs)!))
  return {
    name: `faultline compare ${s.executor}`,
    properties: [...campaignProperties(r.campaign), ...cutProperties(r.cut, s), ['executor', row.executor.spec]],
    cases,
  }
}

/** A campaign ended early: which way, how many runs made. */
function cutProperties(cut: GateReport['cut'], s: ReportSummary): [string, string][] {
  if (!cut) return []
  return [
    ['cut', cut.by === 'interrupted' ? `interrupted${cut.signal ? ` (${cut.signal})` : ''}` : cut.by],
    ['runs-made', String(s.runs)],
  ]
}

/**
 * Cut short: interrupted or load-failed is
 * an error (the verdict is only so far); a time budget
 * that ran out, skipped (it passes on the
 * runs made).
 */
function cutCase(command: string, s: ReportSummary, cut: NonNullable<GateReport['cut']>, line: string): JunitCase {
  return {
    name: 'campaign-cut',
    classname: `faultline.${command}.${s.executor}`,
    outcome:
      cut.by !== 'max-time'
        ? { kind: 'error', type: cut.by, message: line, details: line }
        : { kind: 'skipped', type: 'max-time', message: line, details: '' },
  }
}

/**
 * Something tested: a failure when no tool call
 * reached a service; in a shard, the merge says.
 */
function nothingTestedCase(command: string, s: ReportSummary, shard: boolean): JunitCase {
  const why = s.nothingTested
  return {
    name: 'nothing-tested',
    classname: `faultline.${command}.${s.executor}`,
    outcome:
      why === null
        ? null
        : shard
          ? {
              kind: 'skipped',
              type: 'nothing-tested',
              message: `in this shard: ${why} (the merge decides)`,
              details: '',
            }
          : { kind: 'failure', type: 'nothing-tested', message: `nothing tested: ${why}`, details: why },
  }
}

function runSuite(r: RunReport): JunitSuite {
  const classname = `faultline.run.${r.executor.name}`
  const judges = [...new Set([...JUDGE_NAMES, ...r.verdict.violations.map((v) => v.judge)])]
  const replay = replayCommand('npx faultline', r.scenario.file, r.executor.spec)
  const cases = judges.map((judge): JunitCase => {
    const mine = r.verdict.violations.filter((v) => v.judge === judge)
    if (mine.length === 0) return { name: judge, classname, outcome: null }
    return {
      name: judge,
      classname,
      outcome: {
        kind: judge === 'executor-fault' ? 'error' : 'failure',
        type: judge,
        message: mine[0]!.message,
        details: [...mine.map((v) => `✗ ${v.judge}: ${v.message}`), `replay with: ${replay}`].join('\n'),
      },
    }
  })
  const why = r.nothingTested
  cases.push({
    name: 'nothing-tested',
    classname,
    outcome: why ? { kind: 'failure', type: 'nothing-tested', message: `nothing tested: ${why}`, details: why } : null,
  })
  return {
    name: `faultline run ${r.executor.name}`,
    properties: [
      ['scenario', r.scenario.file],
      ['scenario-name', r.scenario.name],
      ['executor', r.executor.spec],
    ],
    cases,
  }
}
