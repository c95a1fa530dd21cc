// Grading a cell: the mapping's class against the
// knowable truth, all truths of rows the client
// cannot tell apart (docs/internals/engine.md).
import type { MappingClass } from '../contract/mapping.ts'
import type { NoEffectClass } from './cases.ts'
import type { Truth } from './truth.ts'

export type Grade = 'right' | 'costly' | 'dangerous'

/**
 * What a dangerous class leads to
 * in an executor that believes it.
 */
export type Consequence = 'duplicate-effect' | 'false-failure' | 'false-success'

export const CONSEQUENCES: readonly Consequence[] = ['duplicate-effect', 'false-failure', 'false-success']

export interface Graded {
  readonly grade: Grade
  /** For a dangerous class: the incident it causes. */
  readonly consequence: Consequence | null
  /** One line: why. */
  readonly why: string
}

/**
 * @param knowable the truths of rows that look the same
 * @param noEffect no-effect classes the rows call right
 * @param purpose a send, or a look for a send's effect
 */
export function grade(
  answer: MappingClass,
  knowable: ReadonlySet<Truth>,
  noEffect: ReadonlySet<NoEffectClass>,
  purpose: 'send' | 'probe' = 'send',
): Graded {
  const mayExist = knowable.has('applied') || knowable.has('depends-on-timing')
  const mayBeAbsent = knowable.has('not-applied') || knowable.has('depends-on-timing')
  if (purpose === 'probe' && (answer === 'not-sent' || answer === 'rejected') && mayExist) {
    // A failed look read as "not there": it sends again.
    return danger('duplicate-effect', 'a look that failed taken for "not there": sent again, but the effect may exist')
  }
  switch (answer) {
    case 'applied':
      return mayBeAbsent
        ? danger('false-success', 'reported done, but the effect may not exist')
        : right('the effect is there')
    case 'not-sent':
      if (mayExist) return danger('duplicate-effect', 'sent again as if nothing happened, but the effect may exist')
      return noEffect.size === 0 || noEffect.has('not-sent')
        ? right('nothing happened; a resend may work')
        : costly('resends a request the service refused as it stands')
    case 'rejected':
      if (mayExist) return danger('false-failure', 'reported as not done, but the effect may exist')
      return noEffect.size === 0 || noEffect.has('rejected')
        ? right('nothing happened; resending it as it is will not help')
        : costly('gives up a request a resend could carry')
    case 'ambiguous':
      if (mayExist && mayBeAbsent) return right('it may or may not have happened: only a look can tell')
      return costly(
        mayExist ? 'looks for an effect the observation already proves' : 'looks for an effect that cannot exist',
      )
  }
}

function right(why: string): Graded {
  return { grade: 'right', consequence: null, why }
}

function costly(why: string): Graded {
  return { grade: 'costly', consequence: null, why }
}

function danger(consequence: Consequence, why: string): Graded {
  return { grade: 'dangerous', consequence, why }
}

/**
 * The judges that show a consequence. A not-sent
 * misreading resends under the same key, which
 * the service replays, so it usually shows as a
 * false failure (docs/internals/engine.md).
 */
export const JUDGES_OF: Readonly<Record<Consequence, readonly string[]>> = {
  'duplicate-effect': ['duplicate-effect', 'false-failure'],
  'false-failure': ['false-failure'],
  'false-success': ['false-success'],
}

/**
 * Can the consequence happen in a row of
 * this truth? (Else a cell is dangerous
 * only by looking like another row.)
 */
export function bitesIn(consequence: Consequence, truth: Truth | null): boolean {
  if (truth === null) return false
  return consequence === 'false-success' ? truth !== 'applied' : truth !== 'not-applied'
}
