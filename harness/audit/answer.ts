// Asking a mapping about one observation, guarded: what it throws, or answers
// that is not one of the four classes, is an answer too — reported in its cell,
// never a failure of the audit. (Blocking or ending its thread is the
// supervisor's to catch: the cell then carries the supervisor's finding.)
import { MAPPING_CLASSES, type MappingClass, type Observed } from '../contract/mapping.ts'
import { oneLine } from '../contract/one-line.ts'
import type { LoadedMapping } from './load-mapping.ts'

/** What went wrong with the mapping on one cell. */
export type MappingProblem =
  /** It threw. */
  | 'threw'
  /** It answered something that is not one of the four classes (a Promise, undefined, 'APPLIED'). */
  | 'not-a-class'
  /** It blocked its thread past the cell's real-time budget (the supervisor stopped it). */
  | 'hung'
  /** It ended its worker (process.exit, kill) or ran it out of memory. */
  | 'exited'
  /** Something else the supervisor reported about the cell's run (an uncaught error from a timer it armed, …). */
  | 'executor-fault'
  /** Not run: it had already blocked or ended its worker on earlier cells. */
  | 'not-run'

export const MAPPING_PROBLEMS: readonly MappingProblem[] = ['threw', 'not-a-class', 'hung', 'exited', 'executor-fault', 'not-run']

export type Answer = { readonly class: MappingClass } | { readonly problem: MappingProblem; readonly detail: string }

export function ask(mapping: LoadedMapping, observed: Observed): Answer {
  let got: unknown
  try {
    got = mapping(observed)
  } catch (e) {
    return { problem: 'threw', detail: oneLine(e) }
  }
  if (typeof got === 'string' && (MAPPING_CLASSES as readonly string[]).includes(got)) return { class: got as MappingClass }
  return { problem: 'not-a-class', detail: `it answered ${describe(got)}` }
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v).slice(0, 80)
  if (v === null || v === undefined || typeof v !== 'object') return String(v)
  try {
    const then = (v as { then?: unknown }).then
    if (typeof then === 'function') {
      // An async mapping: its answer comes too late, and a rejection of it is nobody's to handle.
      ;(then as (ok: unknown, fail: unknown) => unknown).call(v, undefined, () => {})
      return 'a Promise (a mapping is synchronous)'
    }
  } catch {
    // a getter or a Proxy that throws: described below like any object
  }
  return oneLine(v).slice(0, 80)
}
