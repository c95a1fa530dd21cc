// The throwing forms of the jobs, as fast-check's `assert`
// beside `check`: a failed gate or audit throws an
// AssertionError, which vitest, jest, node:test and mocha
// all report as a failed assertion.
import { AssertionError } from 'node:assert'
import { renderAuditMapping } from '../reports/audit-mapping.ts'
import { renderGateFailure } from '../reports/gate-failure.ts'
import type { AuditResult } from '../harness/audit/result.ts'
import type { GateReport } from '../harness/campaign/report-schema.ts'
import type { AuditMappingOptions } from '../harness/jobs/audit-mapping.ts'
import type { GateOptions } from '../harness/jobs/gate.ts'
import { DEFAULT_VENDORS, vendorsFlag, vendorsName } from '../harness/contract/vendors.ts'
import { modulePath } from '../harness/jobs/inputs.ts'
import { commandPrefix } from '../harness/jobs/version.ts'
import { auditMapping, gate } from './jobs.ts'

/** Thrown when a gate fails; `report` is its report. */
export class GateFailedError extends AssertionError {
  readonly report: GateReport

  constructor(report: GateReport, message: string) {
    // The stack starts at the caller, so a runner shows the test.
    super({ message, stackStartFn: assertGate })
    this.report = report
  }
}

/** Thrown when an audit finds a dangerous cell. */
export class MappingAuditFailedError extends AssertionError {
  readonly result: AuditResult

  constructor(result: AuditResult) {
    super({ message: renderAuditMapping(result), stackStartFn: assertAuditMapping })
    this.result = result
  }
}

/** Gate, and throw a {@link GateFailedError} when it fails. */
export async function assertGate(options: GateOptions): Promise<GateReport> {
  const report = await gate(options)
  if (report.passed) return report
  throw new GateFailedError(report, renderGateFailure(report, rerunCommand(options, report)))
}

/** Audit, and throw when a cell is dangerous. */
export async function assertAuditMapping(options: AuditMappingOptions): Promise<AuditResult> {
  const result = await auditMapping(options)
  if (result.verdict === 'pass') return result
  throw new MappingAuditFailedError(result)
}

/** The `faultline gate` command that runs the same campaign. */
function rerunCommand(o: GateOptions, report: GateReport): string {
  const flags: string[] = ['--executor', modulePath(o.executor)]
  const add = (flag: string, value: string | number | readonly string[] | undefined) => {
    if (value !== undefined) flags.push(flag, typeof value === 'object' ? value.join(',') : String(value))
  }
  add('--runs', o.runs)
  add('--seed', o.seed ?? report.campaign.seed)
  add(
    '--profile',
    o.profile === undefined ? undefined : typeof o.profile === 'string' ? o.profile : report.campaign.profile,
  )
  // What the campaign played, as it ran: the
  // vendors and shard given in any form.
  const vendors = report.campaign.vendors
  add('--vendors', vendors && vendors !== vendorsName(DEFAULT_VENDORS) ? vendorsFlag(vendors) : undefined)
  const shard = report.campaign.shard
  add('--shard', shard ? `${shard.index}/${shard.total}` : undefined)
  add('--workers', o.workers)
  if (o.corpus === false) flags.push('--no-corpus')
  else add('--corpus', o.corpus)
  add(
    '--min-coverage',
    typeof o.minCoverage === 'string'
      ? o.minCoverage
      : o.minCoverage?.length
        ? report.minCoverage.map((r) => `${r.term}=${r.need}`).join(',')
        : undefined,
  )
  add('--judge', o.judges)
  add('--run-timeout', o.runTimeoutMs)
  return `${commandPrefix()} gate ${flags.map(shellWord).join(' ')}`
}

function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
