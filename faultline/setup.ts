// The composition root: the one place that names the
// bundled executors and the default generator.
import { BUNDLED } from '../executors/index.ts'
import type { JobSetup } from '../harness/jobs/setup.ts'
import { isDefaultVendors } from '../harness/contract/vendors.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'
import { withMappingRef } from './reference-with-mapping.ts'

export const SETUP: JobSetup = {
  bundled: BUNDLED,
  generator: (profile, declared, vendors) =>
    scenarioGenerator({
      profile,
      ...(vendors && !isDefaultVendors(vendors) && { vendors }),
      ...(declared && { tools: declared.tools, identity: declared.identity, boundaries: declared.boundaries }),
    }),
  withMapping: withMappingRef,
}
