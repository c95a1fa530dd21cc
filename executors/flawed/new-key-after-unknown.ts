// Bug: After an ambiguous failure it resends under a new key: when its probes miss an original that lands late, both take effect.
// Caught by: duplicate-effect.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, sendKey: ({ key, afterAmbiguity }) => (afterAmbiguity ? randomUUID() : key) }, 'new-key-after-unknown')
