// From cells as run to cells as judged:
// each cell's knowable truth and its
// grade. Pure: same cells, same matrix.
import type { ClientName, MappingClass } from '../contract/mapping.ts'
import type { MappingProblem } from './answer.ts'
import { auditCase, type NoEffectClass } from './cases.ts'
import { grade, type Consequence, type Grade } from './grade.ts'
import type { RunCell } from './matrix.ts'
import { TRUTHS, type Truth } from './truth.ts'

export interface MatrixCell {
  readonly case: string
  readonly client: ClientName
  /** What the client showed, for people. */
  readonly observed: string
  /** The mapping's class, or null when it failed on this cell. */
  readonly class: MappingClass | null
  /** How the mapping failed on this cell, or null. */
  readonly problem: { readonly kind: MappingProblem; readonly detail: string } | null
  /** What the ledger says for this row (null: not observed). */
  readonly truth: Truth | null
  /** The truths this observation can stand for, for this client. */
  readonly knowable: readonly Truth[]
  /** The other rows where this client showed the same thing. */
  readonly sameAs: readonly string[]
  /** `faulty`: it threw, answered no class, blocked or exited. */
  readonly grade: Grade | 'faulty'
  readonly consequence: Consequence | null
  readonly why: string
}

export function gradeCells(cells: readonly RunCell[]): MatrixCell[] {
  const groups = new Map<string, RunCell[]>()
  for (const c of cells) {
    if (c.signature === null || c.truth === null) continue
    const key = `${c.client}\u0000${c.signature}`
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  return cells.map((c): MatrixCell => {
    const group = c.signature === null || c.truth === null ? [c] : groups.get(`${c.client}\u0000${c.signature}`)!
    const knowable = TRUTHS.filter((t) => group.some((g) => g.truth === t))
    const sameAs = group.filter((g) => g.case !== c.case).map((g) => g.case)
    const base = { case: c.case, client: c.client, observed: c.shows, truth: c.truth, knowable, sameAs }
    if ('problem' in c.answer)
      return {
        ...base,
        class: null,
        problem: { kind: c.answer.problem, detail: c.answer.detail },
        grade: 'faulty',
        consequence: null,
        why: whyFaulty(c.answer.problem, c.answer.detail),
      }
    if (knowable.length === 0)
      return {
        ...base,
        class: c.answer.class,
        problem: null,
        grade: 'right',
        consequence: null,
        why: 'no truth to hold it to (the cell reported no outcome)',
      }
    const noEffect = new Set<NoEffectClass>(group.flatMap((g) => auditCase(g.case)?.noEffect ?? []))
    const graded = grade(c.answer.class, new Set(knowable), noEffect, auditCase(c.case)?.requests.at(-1) ?? 'send')
    return { ...base, class: c.answer.class, problem: null, ...graded }
  })
}

/** The detail already says what it answered, or that it was not asked. */
function whyFaulty(problem: MappingProblem, detail: string): string {
  if (problem === 'not-a-class') return `the mapping gave no class: ${detail}`
  if (problem === 'not-run') return `not asked: ${detail}`
  return `the mapping ${PROBLEM_WORDS[problem]}: ${detail}`
}

const PROBLEM_WORDS: Readonly<Record<MappingProblem, string>> = {
  threw: 'threw',
  'not-a-class': 'answered no class',
  hung: 'blocked its thread',
  exited: 'ended its worker',
  'executor-fault': 'failed in its worker',
  'not-run': 'was not asked',
}
