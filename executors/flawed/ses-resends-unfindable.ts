// Bug: With no lookup (SES), a send that may have landed is taken as absent and resent.
// Caught by: duplicate-effect.
// SES v2 has no token and no lookup by tag
// (docs/vendors.md A1, A3): "cannot look" reads
// here as "looked, not there", so every
// ambiguous send is sent again.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { type ReconciliationRule, spacedOutProbes } from '../reference/reconciliation.ts'

export const catches: JudgeName = 'duplicate-effect'

const unfindableAsAbsent: ReconciliationRule = {
  ...spacedOutProbes,
  async settle(look, budget) {
    const finding = await spacedOutProbes.settle(look, budget)
    return 'unsupported' in finding ? { absent: true } : finding
  },
}

export default {
  ...createReferenceExecutor({ ...REFERENCE_POLICY, reconciliation: unfindableAsAbsent }, 'ses-resends-unfindable'),
  // Its mistake shows where nothing can be looked up.
  declare: () => ({ vendors: ['stripe', 'square', 'paypal', 'ses'] as const }),
}
