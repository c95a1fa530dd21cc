// Bug: The intent log is in memory, not durable.
// Caught by: duplicate-effect.
// A restarted process resends without looking.
import Database from 'better-sqlite3'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, intentStore: () => new Database(':memory:') },
  'intent-log-in-memory',
)
