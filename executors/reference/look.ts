// One look for an effect (a reconciliation probe).
// A look that failed is read by the policy's
// mapping, so a wrong mapping shows here too.
import type { ExceptionMapping } from '../../harness/contract/mapping.ts'
import { classify } from './classify.ts'
import type { Intent } from './intent-log.ts'
import type { Probe, ToolAdapter } from './tools/tool-adapter.ts'

/** Look once for the intent's effect, by its key. */
export async function look(
  adapter: ToolAdapter<object>,
  mapping: ExceptionMapping,
  intent: Pick<Intent, 'body' | 'key'>,
  timeoutMs: number,
): Promise<Probe> {
  const answer = await adapter.probe(intent.body, intent.key, timeoutMs)
  if (!('failed' in answer)) return answer
  const read = classify(answer.failed, mapping)
  switch (read.class) {
    case 'applied':
      return { found: intent.key } // taken as seen: the effect by its client reference
    case 'not-sent':
    case 'rejected':
      return { found: null } // taken as "not there"
    case 'ambiguous':
      return { error: read.detail }
  }
}
