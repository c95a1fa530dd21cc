// Bug: Every send gets a fresh idempotency key, so the key protects nothing: a late original lands beside its resend.
// Caught by: duplicate-effect.
import { randomUUID } from 'node:crypto'
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, sendKey: () => randomUUID() }, 'fresh-key-per-attempt')
