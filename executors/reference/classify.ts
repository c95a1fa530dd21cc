// The classify step: what a send's observation
// means by the policy's mapping, plus timing hints.
import {
  MAPPING_CLASSES,
  type ExceptionMapping,
  type MappingClass,
  type Observed,
} from '../../harness/contract/mapping.ts'
import { detail } from './tools/observation.ts'
import { timingHints, type TimingHints } from './timing-hints.ts'

export interface Classified extends TimingHints {
  readonly class: MappingClass
  /** Response body (`applied`: the effect), or null. */
  readonly body: unknown
  /** The observation in a few words, for messages. */
  readonly detail: string
}

export function classify(observed: Observed, mapping: ExceptionMapping): Classified {
  const body = 'response' in observed ? observed.response.body : null
  return { class: mapped(observed, mapping), body, detail: detail(observed), ...timingHints(observed) }
}

/** The mapping's class; a throw or junk: ambiguous. */
function mapped(observed: Observed, mapping: ExceptionMapping): MappingClass {
  try {
    const c = mapping(observed)
    return MAPPING_CLASSES.includes(c) ? c : 'ambiguous'
  } catch {
    return 'ambiguous'
  }
}
