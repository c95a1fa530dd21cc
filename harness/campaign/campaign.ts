// Aggregates the verdicts of one executor's runs.
import type { Verdict } from '../judge/verdict.ts'
import { BOUNDARIES, type Boundary } from '../contract/names.ts'
import { JUDGE_NAMES, type JudgeName } from '../judge/finding.ts'
import { definedJudges } from '../judge/registry.ts'
import { addCoverage, sortedCells, type CoverageCell } from '../judge/coverage.ts'
import { addWindows, windowCounts, type TimingWindow, type WindowCount } from './timing-windows.ts'
import { type FirstUnsent, nothingTested } from './nothing-tested.ts'

export interface Percentiles {
  readonly count: number
  readonly p50: number | null
  readonly p95: number | null
  readonly max: number | null
}

export interface CampaignSummary {
  readonly executor: string
  /** The services' profile (`vendor`, `hostile`, `vendor+…`). */
  readonly profile: string
  readonly runs: number
  /** Runs with at least one violation. */
  readonly failingRuns: number
  /** 1-based index of the first failing run, or null. */
  readonly firstFailureRun: number | null
  readonly violations: Readonly<Record<JudgeName, number>>
  readonly violationsByTool: Readonly<Record<string, number>>
  readonly violationsByBoundary: Readonly<Record<string, number>>
  readonly unresolved: { readonly calls: number; readonly unresolved: number; readonly rate: number }
  readonly recoveryMs: Percentiles
  /**
   * Recovery latency per first-fault class, so one slow
   * class (a crash, a restart) hides nothing else.
   */
  readonly recoveryByFault: readonly {
    readonly kind: string
    readonly boundary: string
    readonly latency: Percentiles
  }[]
  /** Asks refused before sending (say, for budget). */
  readonly notStarted: number
  /** Probes and extra sends per call that sent any. */
  readonly verification: {
    readonly calls: number
    readonly probesPerCall: number
    readonly extraAttemptsPerCall: number
  }
  /** Outcomes left to a person. */
  readonly humanReview: number
  /** Late effects the executor could not have stopped. */
  readonly lateEffects: number
  /** Of those, sent with no deadline given. */
  readonly lateUnseen?: number
  /** Aborts of runs whose executor has no abort(). */
  readonly abortsUnsupported: number
  /** Requests that reached a mock service. */
  readonly requests: number
  /** Attempts refused beyond the mocks, and where. */
  readonly blocked: { readonly attempts: number; readonly hosts: readonly string[] }
  /**
   * Why no tool call reached a service, or null
   * (docs/campaigns.md, "Nothing tested").
   */
  readonly nothingTested: string | null
  readonly faults: number
  readonly simulatedMs: number
  readonly realMs: number
  /**
   * The median run's simulated/real time ratio
   * (long restart pauses flatter the total ratio).
   */
  readonly medianSpeedup: number | null
  /**
   * What the campaign exercised: per fault kind ×
   * boundary × tool, strikes and the states they led to.
   */
  readonly coverage: readonly CoverageCell[]
  /** Runs that struck each narrow timing window. */
  readonly timingWindows: readonly WindowCount[]
}

export class Campaign {
  readonly #executor: string
  readonly #profile: string
  #runs = 0
  #failing = 0
  #first: number | null = null
  readonly #byJudge = Object.fromEntries(
    [...JUDGE_NAMES, ...definedJudges().map((j) => j.judgeName)].map((j) => [j, 0]),
  ) as Record<JudgeName, number>
  readonly #byTool: Record<string, number> = {}
  readonly #byBoundary: Record<string, number> = {}
  #calls = 0
  #unresolved = 0
  readonly #recovery: number[] = []
  readonly #recoveryByFault = new Map<string, { kind: string; boundary: Boundary; ms: number[] }>()
  #requests = 0
  #blocked = 0
  readonly #blockedHosts = new Set<string>()
  #notStarted = 0
  #unsent: FirstUnsent | null = null
  #verifiedCalls = 0
  #probes = 0
  #extraAttempts = 0
  #humanReview = 0
  #lateEffects = 0
  #lateUnseen = 0
  #abortsUnsupported = 0
  #faults = 0
  #simulatedMs = 0
  #realMs = 0
  readonly #speedups: number[] = []
  readonly #coverage = new Map<string, CoverageCell>()
  readonly #windows = new Map<TimingWindow, number>()

  constructor(executor: string, profile = 'vendor') {
    this.#executor = executor
    this.#profile = profile
  }

  /**
   * One run, in run order. `realMs` is 0 when unknown
   * (a merge); `index` is its 0-based place in the
   * whole campaign (a shard's runs do not start at 0).
   */
  add(
    verdict: Verdict,
    realMs: number,
    coverage: readonly CoverageCell[] = [],
    index = this.#runs,
    windows: readonly TimingWindow[] = [],
  ): void {
    this.#runs++
    addCoverage(this.#coverage, coverage)
    addWindows(this.#windows, windows)
    if (verdict.violations.length > 0) {
      this.#failing++
      this.#first ??= index + 1
    }
    for (const v of verdict.violations) {
      this.#byJudge[v.judge] = (this.#byJudge[v.judge] ?? 0) + 1
      const tool = v.tool ?? '(run)'
      this.#byTool[tool] = (this.#byTool[tool] ?? 0) + 1
      for (const b of v.boundaries.length ? v.boundaries : ['(no fault)'])
        this.#byBoundary[b] = (this.#byBoundary[b] ?? 0) + 1
    }
    this.#calls += verdict.unresolved.calls
    this.#unresolved += verdict.unresolved.unresolved
    for (const r of verdict.recovery) {
      this.#recovery.push(r.ms)
      const key = `${r.kind}@${r.boundary}`
      let cell = this.#recoveryByFault.get(key)
      if (!cell) this.#recoveryByFault.set(key, (cell = { kind: r.kind, boundary: r.boundary, ms: [] }))
      cell.ms.push(r.ms)
    }
    this.#requests += verdict.requests
    this.#blocked += verdict.blocked.attempts
    for (const h of verdict.blocked.hosts) this.#blockedHosts.add(h)
    this.#notStarted += verdict.notStarted
    // The earliest run's, whatever the order.
    if (verdict.unsent && (this.#unsent === null || index + 1 < this.#unsent.run))
      this.#unsent = { run: index + 1, ...verdict.unsent }
    this.#verifiedCalls += verdict.verification.calls
    this.#probes += verdict.verification.probes
    this.#extraAttempts += verdict.verification.extraAttempts
    this.#humanReview += verdict.humanReview
    this.#lateEffects += verdict.lateEffects
    this.#lateUnseen += verdict.lateUnseen ?? 0
    this.#abortsUnsupported += verdict.abortsUnsupported
    this.#faults += verdict.faults
    this.#simulatedMs += verdict.simulatedMs
    this.#realMs += realMs
    if (realMs > 0) this.#speedups.push(verdict.simulatedMs / realMs)
  }

  summary(): CampaignSummary {
    const counts = {
      executor: this.#executor,
      profile: this.#profile,
      runs: this.#runs,
      failingRuns: this.#failing,
      firstFailureRun: this.#first,
      violations: { ...this.#byJudge },
      violationsByTool: { ...this.#byTool },
      violationsByBoundary: { ...this.#byBoundary },
      unresolved: {
        calls: this.#calls,
        unresolved: this.#unresolved,
        rate: this.#calls ? this.#unresolved / this.#calls : 0,
      },
      recoveryMs: percentiles(this.#recovery),
      recoveryByFault: [...this.#recoveryByFault.values()]
        .sort((a, b) => BOUNDARIES.indexOf(a.boundary) - BOUNDARIES.indexOf(b.boundary) || a.kind.localeCompare(b.kind))
        .map((c) => ({ kind: c.kind, boundary: c.boundary, latency: percentiles(c.ms) })),
      notStarted: this.#notStarted,
      verification: {
        calls: this.#verifiedCalls,
        probesPerCall: this.#verifiedCalls ? this.#probes / this.#verifiedCalls : 0,
        extraAttemptsPerCall: this.#verifiedCalls ? this.#extraAttempts / this.#verifiedCalls : 0,
      },
      humanReview: this.#humanReview,
      lateEffects: this.#lateEffects,
      ...(this.#lateUnseen > 0 && { lateUnseen: this.#lateUnseen }),
      abortsUnsupported: this.#abortsUnsupported,
      requests: this.#requests,
      blocked: { attempts: this.#blocked, hosts: [...this.#blockedHosts].sort() },
    }
    return {
      ...counts,
      nothingTested: nothingTested({ ...counts, unsent: this.#unsent }),
      faults: this.#faults,
      simulatedMs: this.#simulatedMs,
      realMs: this.#realMs,
      medianSpeedup: percentiles(this.#speedups).p50,
      coverage: sortedCells(this.#coverage.values()),
      timingWindows: windowCounts(this.#windows),
    }
  }
}

/** One run's record: plain data, no wall-clock time. */
export interface RunRecord {
  /** 0-based place in the campaign (fast-check's run index). */
  readonly index: number
  readonly verdict: Verdict
  readonly coverage: readonly CoverageCell[]
  /** Absent in reports written before windows were. */
  readonly windows?: readonly TimingWindow[]
}

/** The one summary of run records (runs and merges). */
export function summarize(
  executor: string,
  profile: string,
  records: readonly RunRecord[],
  realMs: readonly number[] = [],
): CampaignSummary {
  const campaign = new Campaign(executor, profile)
  records.forEach((r, i) => campaign.add(r.verdict, realMs[i] ?? 0, r.coverage, r.index, r.windows))
  return campaign.summary()
}

/**
 * Which failures to shrink, in report order:
 * the first failing run's first violation,
 * then (with `each`) each other judge's
 * first run. Runs and merges share it.
 */
export function failuresToShrink(
  records: readonly RunRecord[],
  each: boolean,
): { readonly index: number; readonly judge: JudgeName }[] {
  const firsts = new FirstFailures()
  for (const { index, verdict } of records) firsts.see(index, verdict)
  return firsts.picks(each)
}

/**
 * failuresToShrink's picks, one run at a time
 * in run order, so a campaign keeps only
 * the runs it may shrink, not every run.
 */
export class FirstFailures {
  #first: { index: number; judge: JudgeName } | null = null
  readonly #byJudge = new Map<JudgeName, number>()

  /** A run, in run order; true: it may be picked. */
  see(index: number, verdict: Verdict): boolean {
    let picked = false
    if (verdict.violations.length > 0 && !this.#first) {
      this.#first = { index, judge: verdict.violations[0]!.judge }
      picked = true
    }
    for (const v of verdict.violations)
      if (!this.#byJudge.has(v.judge)) {
        this.#byJudge.set(v.judge, index)
        picked = true
      }
    return picked
  }

  picks(each: boolean): { readonly index: number; readonly judge: JudgeName }[] {
    const first = this.#first
    if (!first) return []
    const out = [first]
    if (each) for (const [judge, index] of this.#byJudge) if (judge !== first.judge) out.push({ index, judge })
    return out
  }
}

export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { count: 0, p50: null, p95: null, max: null }
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! }
}
