// One look for an operation's effect (a reconciliation probe), with a look
// that failed read by the policy's exception mapping: what does a probe that
// timed out, was refused or answered 503 say about the effect looked for?
// The reference's own mapping says "nothing" (ambiguous); a mapping that says
// "applied" reports a success nobody saw, one that says "not sent" takes the
// failed look for "not there".
import type { ExceptionMapping } from '../../harness/contract/mapping.ts'
import { classify } from './classify.ts'
import type { Intent } from './intent-log.ts'
import type { Probe, ToolAdapter } from './tools/tool-adapter.ts'

/** Look once for the intent's effect, by its client reference (its key), within `timeoutMs`. */
export async function look(adapter: ToolAdapter<object>, mapping: ExceptionMapping, intent: Pick<Intent, 'body' | 'key'>, timeoutMs: number): Promise<Probe> {
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
