// The SendGrid traps: a gate with SendGrid as
// the e-mail vendor catches each within 1,000
// runs on seed 1, by the judge its file names.
import { describe, expect, it } from 'vitest'
import { gate } from '../../../faultline/index.ts'
import { catches as activityCatches } from '../../../executors/flawed/sendgrid-activity-as-absent.ts'
import { catches as emptyCatches } from '../../../executors/flawed/sendgrid-empty-202-as-unsent.ts'

const TRAPS = [
  ['sendgrid-activity-as-absent', activityCatches],
  ['sendgrid-empty-202-as-unsent', emptyCatches],
] as const

describe('SendGrid traps', () => {
  it.each(TRAPS)(
    'a gate with email=sendgrid catches %s by %s',
    async (name, judge) => {
      const seed = 1
      const report = await gate({
        executor: new URL(`../../../executors/flawed/${name}.ts`, import.meta.url),
        runs: 1_000,
        seed,
        vendors: 'email=sendgrid',
        corpus: false,
      })
      const c = report.counterexample
      const judges = c?.violations.map((v) => v.judge) ?? []
      console.log(
        `${name}: seed ${seed}, first failure at run ${report.summary.firstFailureRun}, judges ${judges.join(', ')}`,
      )
      expect(report.passed).toBe(false)
      expect(report.summary.firstFailureRun).not.toBeNull()
      expect(report.summary.firstFailureRun!).toBeLessThanOrEqual(1_000)
      expect(judges).toContain(judge)
    },
    120_000,
  )
})
