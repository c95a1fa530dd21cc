// Bug: A fresh idempotency key is minted at the first send of every ask and kept for that ask's resends: safe within one ask, but an ask after a crash (or a re-ask the model insists on) sends the operation again under another key, and an earlier send still in flight lands beside it.
// Caught by: duplicate-effect.
//
// Two conditions at once: a send of an earlier ask that lands unseen (held in the network, or
// committed but not yet visible to the probes), and a later ask of the same step that resends.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

// `const key = randomUUID()` at the top of the handler, in effect: the operation's key by the ask
// that minted it. (Re-minted at every first send, so what an earlier run left here is never read.)
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
