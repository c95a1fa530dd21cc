// Bug: A new key for resends after an ambiguity.
// Caught by: duplicate-effect.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, sendKey: ({ key, afterAmbiguity }) => (afterAmbiguity ? randomUUID() : key) },
  'new-key-after-unknown',
)
