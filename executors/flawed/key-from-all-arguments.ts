// Bug: The key hashes the model's raw arguments.
// Caught by: duplicate-effect.
import { createHash } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    // Not canonical: 49.9 and "49.90" are two keys.
    operationKey: (call) =>
      `fl_${createHash('sha256')
        .update(JSON.stringify([call.tool, call.args, call.runId, call.stepId]))
        .digest('hex')
        .slice(0, 40)}`,
  },
  'key-from-all-arguments',
)
