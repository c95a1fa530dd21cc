// faultline's jobs as library functions: one options
// object in, the versioned report out, as data.
import type { AuditResult } from '../harness/audit/result.ts'
import type { CompareReport, GateReport, RunReport } from '../harness/campaign/report-schema.ts'
import { auditMappingJob, type AuditMappingOptions } from '../harness/jobs/audit-mapping.ts'
import { compareJob, type CompareOptions } from '../harness/jobs/compare.ts'
import { gateJob, type GateOptions } from '../harness/jobs/gate.ts'
import { mergeJob, type MergeOptions } from '../harness/jobs/merge.ts'
import { replayJob, type ReplayOptions } from '../harness/jobs/replay.ts'
import { SETUP } from './setup.ts'

/** `faultline gate`: the report; `passed` says whether it passed. */
export function gate(options: GateOptions): Promise<GateReport> {
  return gateJob(options, SETUP)
}

/** `faultline compare`: the leaderboard's report. */
export function compare(options: CompareOptions = {}): Promise<CompareReport> {
  return compareJob(options, SETUP)
}

/** `faultline merge`: the shards' files as one campaign's report. */
export function merge(options: MergeOptions): GateReport | CompareReport {
  return mergeJob(options)
}

/** `faultline run`: one scenario file, replayed. */
export function replay(options: ReplayOptions): Promise<RunReport> {
  return replayJob(options, SETUP)
}

/** `faultline audit-mapping`: the audit's result. */
export function auditMapping(options: AuditMappingOptions): Promise<AuditResult> {
  return auditMappingJob(options, SETUP)
}
