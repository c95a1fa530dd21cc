// Renderers for machines: stable JSON.
import type { SearchResult } from '../harness/campaign/search.ts'

/** The verdict summary of a gate: executor, runs, violations per judge, the minimal counterexample. */
export function gateJson(result: SearchResult, opts: { runsAsked: number; seed: number }): string {
  const s = result.summary
  return JSON.stringify(
    {
      executor: s.executor,
      profile: s.profile,
      passed: result.counterexample === null,
      seed: opts.seed,
      runsAsked: opts.runsAsked,
      runs: s.runs,
      failingRuns: s.failingRuns,
      firstFailureRun: s.firstFailureRun,
      violations: s.violations,
      violationsByTool: s.violationsByTool,
      violationsByBoundary: s.violationsByBoundary,
      unresolved: s.unresolved,
      recoveryMs: s.recoveryMs,
      notStarted: s.notStarted,
      lateEffects: s.lateEffects,
      abortsUnsupported: s.abortsUnsupported,
      requests: s.requests,
      simulatedMs: s.simulatedMs,
      counterexample: result.counterexample
        ? {
            judge: result.counterexample.judge,
            faults: result.counterexample.scenario.faults.length,
            shrinks: result.counterexample.shrinks,
            fastCheck: { seed: result.counterexample.seed, path: result.counterexample.path },
            violations: result.counterexample.violations,
            scenario: result.counterexample.scenario,
          }
        : null,
    },
    null,
    2,
  )
}
