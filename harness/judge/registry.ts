// Judges by name: the bundled ones, and any a team
// defines for a property of its own; the registry
// fills in each finding's tool and boundaries.
import { JUDGE_NAMES, type JudgeName } from '../contract/names.ts'
import type { CallId, History } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Judge, Violation } from './finding.ts'

/**
 * What a defined judge reports: the call (null
 * for the whole run) and one line for people.
 */
export interface Finding {
  readonly call: CallId | null
  readonly message: string
}

export interface JudgeDefinition {
  /** kebab-case, unique, not a bundled name; a report column. */
  readonly name: string
  /** One line: when it fires. */
  readonly about: string
  readonly check: (history: History) => readonly Finding[]
}

/**
 * A judge that can be run by name: the
 * function, its name and what it checks.
 */
export interface NamedJudge extends Judge {
  readonly judgeName: JudgeName
  readonly about: string
}

// On globalThis, so a judge module importing
// another copy of faultline (source or
// build) reaches this same registry.
const REGISTRY = Symbol.for('faultline.judges')
const defined: Map<string, NamedJudge> =
  ((globalThis as Record<symbol, unknown>)[REGISTRY] as Map<string, NamedJudge> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[REGISTRY] = new Map<string, NamedJudge>())

/** Define and register a judge; a bad or taken name throws. */
export function defineJudge(definition: JudgeDefinition): NamedJudge {
  const { name, about, check } = definition
  if (typeof name !== 'string' || !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name))
    throw new TypeError(`judge name ${JSON.stringify(name)} is not kebab-case (e.g. "refund-above-total")`)
  if ((JUDGE_NAMES as readonly string[]).includes(name))
    throw new TypeError(`judge name "${name}" is a bundled judge's; choose another`)
  if (defined.has(name)) throw new TypeError(`a judge named "${name}" is already defined; judge names are unique`)
  if (typeof check !== 'function') throw new TypeError(`judge "${name}" needs a check(history) function`)
  const judge = Object.assign(
    (history: History): Violation[] => {
      const calls = callsOf(history)
      return check(history).map((f) => {
        const view = f.call === null ? undefined : calls.get(f.call)
        return {
          judge: name,
          call: f.call,
          tool: view?.tool ?? null,
          boundaries: view ? boundariesOf(view) : [],
          message: String(f.message),
        }
      })
    },
    { judgeName: name, about: String(about ?? '') },
  )
  defined.set(name, judge)
  return judge
}

/** The judges defined so far, in the order they were defined. */
export function definedJudges(): readonly NamedJudge[] {
  return [...defined.values()]
}

/**
 * Forget a defined judge (tests;
 * tools loading judges per campaign).
 */
export function undefineJudge(name: string): boolean {
  return defined.delete(name)
}
