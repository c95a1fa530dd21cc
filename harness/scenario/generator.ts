// What generates a campaign's scenarios: a fast-check arbitrary, and the
// profile its scenarios run with (for reports). Campaigns take one as an
// argument; scenarios/arbitraries.ts makes the default one.
import type fc from 'fast-check'
import type { ProfileFeature } from './profile.ts'
import type { Scenario } from './scenario.ts'

export interface ScenarioGenerator {
  readonly arbitrary: fc.Arbitrary<Scenario>
  /** The features beyond the vendors its scenarios use (empty: vendor-faithful). */
  readonly profile: readonly ProfileFeature[]
}
