// Bug: The key is hashed from the arguments as the model wrote them (49.9 vs "49.90", an added reason): a re-worded ask is a new operation.
// Caught by: duplicate-effect.
import { createHash } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    // The arguments as written, not their canonical identity: 49.9 and "49.90" are two keys.
    operationKey: (call) => `fl_${createHash('sha256').update(JSON.stringify([call.tool, call.args, call.runId, call.stepId])).digest('hex').slice(0, 40)}`,
  },
  'key-from-all-arguments',
)
