// Bug: The key is the model's tool-call id.
// Caught by: duplicate-effect.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, operationKey: (call) => call.toolCallId },
  'key-from-the-model',
)
