// Bug: A fresh key per ask, kept for its resends.
// Caught by: duplicate-effect.
// Needs an earlier ask's send that lands unseen,
// and a later ask of the same step that resends.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

// In effect `const key = randomUUID()` per ask.
// Re-minted at each first send: old ones unread.
const minted = new Map<string, string>()

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    sendKey: ({ key, attempt }) => {
      if (attempt === 1 || !minted.has(key)) minted.set(key, randomUUID())
      return minted.get(key)!
    },
  },
  'key-minted-per-ask',
)
