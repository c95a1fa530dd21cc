// The timeline's vertical scale: rows by
// order, not time, so a 25-hour pause takes
// no more room than 10 s. A wait adds some
// air; BREAK_MS or more is a marked break.
import { duration } from './time.ts'

/** Waits at least this long are drawn as a break. */
export const BREAK_MS = 5_000
/** Height of a break band. */
export const BREAK_H = 30
/** The most air a short wait adds above its row. */
const MAX_AIR = 10

export interface Break {
  /** Top of the band. */
  readonly y: number
  readonly label: string
}

export interface Rows {
  readonly top: readonly number[]
  readonly bottom: readonly number[]
  readonly center: readonly number[]
  readonly breaks: readonly Break[]
  /** Bottom of the last row. */
  readonly end: number
}

/**
 * Rows from `start`, by virtual time and
 * height; `gaps`: row index → label of a
 * break for events left out before it.
 */
export function layoutRows(
  times: readonly number[],
  heights: readonly number[],
  start: number,
  gaps: ReadonlyMap<number, string> = new Map(),
): Rows {
  const top: number[] = []
  const bottom: number[] = []
  const center: number[] = []
  const breaks: Break[] = []
  let y = start
  times.forEach((t, i) => {
    const dt = i > 0 ? t - times[i - 1]! : 0
    const gap = gaps.get(i)
    if (gap !== undefined) {
      breaks.push({ y, label: gap })
      y += BREAK_H
    } else if (dt >= BREAK_MS) {
      breaks.push({ y, label: `${duration(dt)} later` })
      y += BREAK_H
    } else if (dt > 0) {
      y += Math.min(MAX_AIR, 3 * Math.log10(1 + dt))
    }
    top.push(y)
    center.push(y + heights[i]! / 2)
    y += heights[i]!
    bottom.push(y)
  })
  return { top, bottom, center, breaks, end: y }
}

/**
 * The y between the last row at or before
 * `t` and the first after it, or null.
 */
export function yAtCrossing(times: readonly number[], rows: Rows, t: number): number | null {
  const k = times.findIndex((x) => x > t)
  if (k <= 0) return null
  return (rows.bottom[k - 1]! + rows.top[k]!) / 2
}
