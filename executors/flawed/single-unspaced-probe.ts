// Bug: One probe, at once; a miss means no effect.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/contract/names.ts'
import type { ReconciliationRule } from '../reference/reconciliation.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

const oneLookAtOnce: ReconciliationRule['settle'] = async (look, budget) => {
  if (budget() < 2_000) return { inconclusive: true }
  const probe = await look(2_000)
  if ('unsupported' in probe) return { unsupported: true }
  if ('error' in probe) return { inconclusive: true }
  return probe.found ? { found: probe.found } : { noEffect: true } // a miss taken as proof
}

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, reconciliation: { ...REFERENCE_POLICY.reconciliation, settle: oneLookAtOnce } },
  'single-unspaced-probe',
)
