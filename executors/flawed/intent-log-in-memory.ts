// Bug: The intent log lives in memory, not in the durable storage: after a crash the new process does not know what was in flight and sends again without looking; after a long pause the key has expired.
// Caught by: duplicate-effect.
import Database from 'better-sqlite3'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, intentStore: () => new Database(':memory:') }, 'intent-log-in-memory')
