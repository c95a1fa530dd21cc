// One history event on the timeline: arrow
// or glyph, its label cut to fit (the
// <title> has it all), data-* for tests.
import { COLORS, toneColor } from './colors.ts'
import { eventDetail } from './describe.ts'
import { arrow, glyph } from './shapes.ts'
import { el, fit, text, textWidth, title } from './svg.ts'
import { AXIS_W, FONT, RIGHT_PAD, ROW_H, type Ctx } from './timeline-geometry.ts'
import type { Placed } from './timeline-model.ts'

export function renderEvent(p: Placed, i: number, ctx: Ctx): string {
  const e = p.event
  const top = ctx.rows.top[i]!
  const violated = ctx.marks.bySeq.get(e.seq)
  const color = violated ? COLORS.violation : toneColor(p.tone)
  const weight = violated || p.tone === 'fault' || p.tone === 'crash' ? 'bold' : null
  const limit = ctx.lanesEnd - RIGHT_PAD
  const parts: string[] = [title(eventDetail(e))]

  if (p.shape === 'banner') {
    parts.push(
      el('rect', {
        x: AXIS_W + 4,
        y: top + 3,
        width: ctx.lanesEnd - AXIS_W - 8,
        height: ROW_H - 6,
        rx: 4,
        fill: COLORS.laneHead,
        stroke: COLORS.grid,
      }),
    )
    parts.push(
      text({ x: AXIS_W + 12, y: top + 16, fill: COLORS.muted }, fit(p.label, ctx.lanesEnd - AXIS_W - 24, FONT)),
    )
  } else if (p.shape === 'arrow' && p.from !== null && p.to !== null) {
    const x1 = ctx.laneX.get(p.from)!
    const x2 = ctx.laneX.get(p.to)!
    const left = Math.min(x1, x2) + 10
    parts.push(arrow(x1, x2, top + 18, color, p.dashed, violated ? 2.2 : 1.4))
    parts.push(text({ x: left, y: top + 13, fill: color, 'font-weight': weight }, fit(p.label, limit - left, FONT)))
    if (p.sub !== null)
      parts.push(
        text(
          {
            class: 'ledger-truth',
            x: left,
            y: top + 32,
            fill: violated ? COLORS.violation : COLORS.effect,
            'font-size': 10,
          },
          fit(`↳ ${p.sub}`, limit - left, 10),
        ),
      )
  } else {
    const x = ctx.laneX.get(p.lane ?? 'network')!
    const y = top + 13
    parts.push(glyph(p.shape, x, y, color))
    // The row is the event's alone: the label
    // goes right if it fits, else left if it
    // fits, else where there is more room.
    const right = limit - (x + 14)
    const left = x - 14 - AXIS_W - 4
    const need = textWidth(p.label, FONT)
    const onRight = need <= right || (need > left && right >= left)
    if (onRight)
      parts.push(text({ x: x + 14, y: y + 4, fill: color, 'font-weight': weight }, fit(p.label, right, FONT)))
    else
      parts.push(
        text(
          { x: x - 14, y: y + 4, 'text-anchor': 'end', fill: color, 'font-weight': weight },
          fit(p.label, left, FONT),
        ),
      )
  }
  if (violated)
    parts.push(
      text(
        { x: ctx.lanesEnd - 6, y: top + 17, 'text-anchor': 'end', fill: COLORS.violation, 'font-weight': 'bold' },
        violated.map((k) => `✗${k + 1}`).join(' '),
      ),
    )

  const classes = [
    'ev',
    `ev-${e.type}`,
    p.tone === 'fault' && e.type === 'fault-injected' ? 'fault' : '',
    e.type === 'process-crashed' ? 'crash' : '',
    violated ? 'violation' : '',
  ]
    .filter(Boolean)
    .join(' ')
  return el(
    'g',
    {
      class: classes,
      'data-seq': e.seq,
      'data-t': e.t,
      'data-event-type': e.type,
      'data-lane': p.lane ?? 'all',
      'data-from': p.from,
      'data-to': p.to,
      'data-violations': violated ? violated.map((k) => k + 1).join(' ') : null,
    },
    ...parts,
  )
}
