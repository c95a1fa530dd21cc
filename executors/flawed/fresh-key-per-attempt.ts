// Bug: A fresh idempotency key on every send.
// Caught by: duplicate-effect.
// A late original then lands beside its resend.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, sendKey: () => randomUUID() }, 'fresh-key-per-attempt')
