// The timeline's measures, shared by its
// parts (timeline*.ts, callouts.ts).
import type { ViolationMarks } from './violation-marks.ts'
import type { Rows } from './time-scale.ts'

export const FONT = 11
export const AXIS_W = 132
export const LANE_W = 180
export const HEAD_H = 46
export const ROW_H = 24
/** A report's row: the ledger's truth goes under it. */
export const REPORT_ROW_H = 38
export const CALLOUT_W = 300
/** Between the last lane and the callouts. */
export const CALLOUT_GAP = 28
/** Room at a row's end for violation numbers. */
export const RIGHT_PAD = 40
/** Past this, only the first and last rows. */
export const MAX_ROWS = 400
export const HEAD_ROWS = 280

/** What the parts of the drawing need to know of its layout. */
export interface Ctx {
  readonly laneX: ReadonlyMap<string, number>
  readonly lanesEnd: number
  readonly rows: Rows
  readonly marks: ViolationMarks
}
