// Gate an executor from a team's own test suite: the
// library's gate (the CLI's campaign, in-process), which
// throws an AssertionError carrying the shrunk
// counterexample, its seed and the replay command.
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import type { GateOptions } from '../../harness/jobs/gate.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { assertGate } from '../assert.ts'

export { GateFailedError } from '../assert.ts'

/** The gate's options (docs/api.md, `gate`). */
export type ExpectNoViolationsOptions = GateOptions

/**
 * Resolve with the gate's report when nothing failed; throw a
 * GateFailedError when something did, or an Error of one line
 * for bad options. A campaign takes seconds: set a timeout.
 */
export async function expectNoViolations(options: ExpectNoViolationsOptions): Promise<GateReport> {
  try {
    return await assertGate(options)
  } catch (e) {
    // As the CLI says it on stderr.
    if (e instanceof UsageError) throw new Error(`faultline: ${e.message}`)
    throw e
  }
}
