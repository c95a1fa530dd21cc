// What the composition root hands the jobs: the engine
// names no bundled executor and no generator itself.
import type { Declared } from '../run/executor-declaration.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import type { ProfileFeature } from '../scenario/profile.ts'
import type { Vendors } from '../contract/vendors.ts'
import type { BundledRef, ExecutorRef } from '../supervisor/executor-ref.ts'

export interface JobSetup {
  /** Executors known by name (`reference`, `naive`, …). */
  readonly bundled: readonly BundledRef[]
  /**
   * Where a campaign draws its scenarios from,
   * fitted to what the executor declared.
   */
  readonly generator: (profile: readonly ProfileFeature[], declared?: Declared, vendors?: Vendors) => ScenarioGenerator
  /** The reference with a mapping module plugged in. */
  readonly withMapping: (mappingPath: string, label: string) => ExecutorRef
}
