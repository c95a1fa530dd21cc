// The timeline's furniture: bands, lanes,
// breaks, deadlines, the time axis. Events
// are timeline-event.ts.
import type { History } from '../../harness/history/history.ts'
import { COLORS } from './colors.ts'
import { el, fit, num, text, textWidth, title } from './svg.ts'
import { duration } from './time.ts'
import { BREAK_H, yAtCrossing } from './time-scale.ts'
import { AXIS_W, FONT, HEAD_H, LANE_W, type Ctx } from './timeline-geometry.ts'
import type { Lane, Placed } from './timeline-model.ts'

/**
 * Tinted rows: amber where a fault struck,
 * red where a violation lies.
 */
export function bands(drawn: readonly Placed[], ctx: Ctx): string {
  return drawn
    .map((p, i) => {
      const violated = ctx.marks.bySeq.has(p.event.seq)
      const fault = p.tone === 'fault' || p.tone === 'crash'
      if (!violated && !fault) return ''
      const top = ctx.rows.top[i]!
      const h = ctx.rows.bottom[i]! - top
      return el('rect', {
        x: AXIS_W,
        y: top + 1,
        width: ctx.lanesEnd - AXIS_W,
        height: h - 2,
        rx: 3,
        fill: violated ? COLORS.violationBand : COLORS.faultBand,
      })
    })
    .join('')
}

/**
 * Lane heads and lifelines, broken where
 * time was cut; the executor's dashed while
 * its process is down.
 */
export function lifelines(lanes: readonly Lane[], drawn: readonly Placed[], ctx: Ctx): string {
  const out: string[] = [text({ x: AXIS_W - 12, y: 27, 'text-anchor': 'end', fill: COLORS.muted }, 'virtual time')]
  const cuts = [HEAD_H, ...ctx.rows.breaks.flatMap((b) => [b.y, b.y + BREAK_H]), ctx.rows.end + 8]
  for (const lane of lanes) {
    const x = ctx.laneX.get(lane.id)!
    out.push(
      el('rect', {
        x: x - LANE_W / 2 + 8,
        y: 6,
        width: LANE_W - 16,
        height: 34,
        rx: 6,
        fill: COLORS.laneHead,
        stroke: COLORS.grid,
      }),
    )
    out.push(
      text(
        { x, y: lane.sub ? 20 : 27, 'text-anchor': 'middle', 'font-weight': 'bold', fill: COLORS.ink },
        fit(lane.label, LANE_W - 28, FONT),
      ),
    )
    if (lane.sub)
      out.push(
        text(
          { x, y: 34, 'text-anchor': 'middle', fill: COLORS.muted, 'font-size': 10 },
          fit(lane.sub, LANE_W - 28, 10),
        ),
      )
    for (let i = 0; i + 1 < cuts.length; i += 2)
      out.push(
        el('line', {
          class: 'lifeline',
          'data-lane': lane.id,
          x1: x,
          x2: x,
          y1: cuts[i]!,
          y2: cuts[i + 1]!,
          stroke: COLORS.lifeline,
          'stroke-width': 1,
        }),
      )
  }
  // Dashed red from a crash to the next boot.
  const ex = ctx.laneX.get('executor')!
  let downFrom: number | null = null
  drawn.forEach((p, i) => {
    if (p.event.type === 'process-crashed') downFrom = ctx.rows.center[i]! + 10
    if (p.event.type === 'process-booted' && downFrom !== null) {
      out.push(downSegment(ex, downFrom, ctx.rows.center[i]! - 6))
      downFrom = null
    }
  })
  if (downFrom !== null) out.push(downSegment(ex, downFrom, ctx.rows.end))
  return el('g', { class: 'lanes' }, ...out)
}

function downSegment(x: number, y1: number, y2: number): string {
  if (y2 <= y1) return ''
  return el(
    'g',
    { class: 'process-down' },
    title('no executor process alive'),
    el('line', { x1: x, x2: x, y1, y2, stroke: '#fff', 'stroke-width': 5 }),
    el('line', { x1: x, x2: x, y1, y2, stroke: COLORS.crash, 'stroke-width': 1.5, 'stroke-dasharray': '3 4' }),
  )
}

/**
 * Where time was cut: zigzags on the
 * lifelines, and how long the wait was.
 */
export function breaks(ctx: Ctx): string {
  return ctx.rows.breaks
    .map((b) => {
      const mid = b.y + BREAK_H / 2
      const zig = [...ctx.laneX.values()]
        .map((x) =>
          el('path', {
            d: `M${num(x - 6)} ${num(b.y + 9)}l12 -4M${num(x - 6)} ${num(b.y + BREAK_H - 5)}l12 -4`,
            stroke: COLORS.lifeline,
            'stroke-width': 1.2,
          }),
        )
        .join('')
      return el(
        'g',
        { class: 'time-break', 'data-label': b.label },
        title(`time cut: ${b.label}`),
        el('line', {
          x1: AXIS_W - 70,
          x2: ctx.lanesEnd,
          y1: mid,
          y2: mid,
          stroke: COLORS.grid,
          'stroke-dasharray': '2 4',
        }),
        zig,
        el('rect', {
          x: AXIS_W + LANE_W * 1.5 - 4,
          y: mid - 9,
          width: Math.min(ctx.lanesEnd - AXIS_W - LANE_W * 1.5, textWidth(b.label, FONT) + 8),
          height: 18,
          rx: 9,
          fill: '#fff',
          stroke: COLORS.grid,
        }),
        text(
          { x: AXIS_W + LANE_W * 1.5, y: mid + 4, fill: COLORS.muted, 'font-style': 'italic' },
          fit(b.label, ctx.lanesEnd - AXIS_W - LANE_W * 1.5 - 8, FONT),
        ),
      )
    })
    .join('')
}

/** Each turn's deadline, where time passed it. */
export function deadlines(history: History, times: readonly number[], ctx: Ctx): string {
  const seen = new Set<number>()
  const out: string[] = []
  for (const e of history) {
    if (e.type !== 'turn-started' || seen.has(e.deadline)) continue
    seen.add(e.deadline)
    const y = yAtCrossing(times, ctx.rows, e.deadline)
    if (y === null) continue
    out.push(
      el(
        'g',
        { class: 'deadline', 'data-deadline': e.deadline },
        title(`the turn's deadline: ${e.deadline} ms`),
        el('line', {
          x1: AXIS_W - 4,
          x2: ctx.lanesEnd,
          y1: y,
          y2: y,
          stroke: COLORS.unknown,
          'stroke-width': 1.2,
          'stroke-dasharray': '8 3',
        }),
        // On the axis: no clash with lane labels.
        text(
          {
            x: AXIS_W - 12,
            y: y + 4,
            'text-anchor': 'end',
            fill: COLORS.unknown,
            'font-size': 10,
            'font-weight': 'bold',
          },
          fit(`deadline ${duration(e.deadline)}`, AXIS_W - 16, 10),
        ),
      ),
    )
  }
  return out.join('')
}

/** Virtual time at the left, written where it moved on. */
export function axis(drawn: readonly Placed[], ctx: Ctx): string {
  const out: string[] = [
    el('line', { x1: AXIS_W - 4, x2: AXIS_W - 4, y1: HEAD_H, y2: ctx.rows.end + 8, stroke: COLORS.grid }),
  ]
  drawn.forEach((p, i) => {
    if (i > 0 && drawn[i - 1]!.event.t === p.event.t) return
    const y = ctx.rows.top[i]! + 13
    out.push(el('line', { x1: AXIS_W - 8, x2: AXIS_W - 4, y1: y, y2: y, stroke: COLORS.muted }))
    out.push(
      el(
        'g',
        {},
        title(`t = ${p.event.t} ms`),
        text(
          { x: AXIS_W - 12, y: y + 4, 'text-anchor': 'end', fill: COLORS.muted },
          fit(duration(p.event.t), AXIS_W - 16, FONT),
        ),
      ),
    )
  })
  return el('g', { class: 'axis' }, ...out)
}
