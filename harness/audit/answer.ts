// Asking a mapping about one observation, guarded:
// a throw or a non-class answer is reported in its
// cell, never a failure of the audit.
import { MAPPING_CLASSES, type MappingClass, type Observed } from '../contract/mapping.ts'
import { oneLine } from '../contract/one-line.ts'
import type { LoadedMapping } from './load-mapping.ts'

/** What went wrong with the mapping on one cell. */
export type MappingProblem =
  /** It threw. */
  | 'threw'
  /** Its answer is not one of the classes (a Promise, 'APPLIED'). */
  | 'not-a-class'
  /** It blocked past the cell's real-time budget (stopped). */
  | 'hung'
  /**
   * It ended its worker (process.exit,
   * kill) or ran it out of memory.
   */
  | 'exited'
  /** Something else the supervisor reported (a timer's throw, …). */
  | 'executor-fault'
  /** Not run: it had already blocked or ended its worker. */
  | 'not-run'

export const MAPPING_PROBLEMS: readonly MappingProblem[] = [
  'threw',
  'not-a-class',
  'hung',
  'exited',
  'executor-fault',
  'not-run',
]

export type Answer = { readonly class: MappingClass } | { readonly problem: MappingProblem; readonly detail: string }

export function ask(mapping: LoadedMapping, observed: Observed): Answer {
  let got: unknown
  try {
    got = mapping(observed)
  } catch (e) {
    return { problem: 'threw', detail: oneLine(e) }
  }
  if (typeof got === 'string' && (MAPPING_CLASSES as readonly string[]).includes(got))
    return { class: got as MappingClass }
  return { problem: 'not-a-class', detail: `it answered ${describe(got)}` }
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v).slice(0, 80)
  if (v === null || v === undefined || typeof v !== 'object') return String(v)
  try {
    const then = (v as { then?: unknown }).then
    if (typeof then === 'function') {
      // Async: its answer comes too late, and a
      // rejection of it is nobody's to handle.
      ;(then as (ok: unknown, fail: unknown) => unknown).call(v, undefined, () => {})
      return 'a Promise (a mapping is synchronous)'
    }
  } catch {
    // a throwing getter or Proxy: described like any object
  }
  return oneLine(v).slice(0, 80)
}
