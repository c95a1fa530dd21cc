// A cell's result travels as its envelope's
// message: besides the history, a supervised run's
// one channel back. Plain JSON, checked on arrival.
import { z } from 'zod'
import { MAPPING_CLASSES, type MappingClass } from '../contract/mapping.ts'
import { MAPPING_PROBLEMS, type Answer } from './answer.ts'

/** The envelope's action_taken that marks a cell's report. */
export const CELL_ACTION = 'audit-cell'

const CELL = z.strictObject({
  signature: z.string(),
  shows: z.string(),
  answer: z.union([
    z.strictObject({ class: z.enum(MAPPING_CLASSES as [MappingClass, ...MappingClass[]]) }),
    z.strictObject({ problem: z.enum(MAPPING_PROBLEMS as [string, ...string[]]), detail: z.string() }),
  ]),
})

export interface CellReport {
  readonly signature: string
  readonly shows: string
  readonly answer: Answer
}

/** Encoded to fit an envelope's message (2,000 characters). */
export function encodeCell(report: CellReport): string {
  const answer =
    'class' in report.answer
      ? report.answer
      : { problem: report.answer.problem, detail: report.answer.detail.slice(0, 300) }
  return JSON.stringify({ signature: report.signature.slice(0, 600), shows: report.shows.slice(0, 600), answer })
}

export function decodeCell(message: string): CellReport | null {
  try {
    const parsed = CELL.safeParse(JSON.parse(message))
    return parsed.success ? (parsed.data as CellReport) : null
  } catch {
    return null
  }
}
