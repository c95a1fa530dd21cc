// What generates a campaign's scenarios: an
// arbitrary and the profile its scenarios use.
// scenarios/arbitraries.ts makes the default one.
import type fc from 'fast-check'
import type { IdentityPolicy } from '../contract/executor.ts'
import type { Vendors } from '../contract/vendors.ts'
import type { ProfileFeature } from './profile.ts'
import type { Scenario } from './scenario.ts'

export interface ScenarioGenerator {
  readonly arbitrary: fc.Arbitrary<Scenario>
  /** The features beyond the vendors (empty: vendor-faithful). */
  readonly profile: readonly ProfileFeature[]
  /**
   * `per-run`: no two steps of a plan are the
   * same operation (default `per-step`).
   */
  readonly identity?: IdentityPolicy
  /** The vendors its scenarios name (default Stripe + Resend). */
  readonly vendors?: Vendors
}
