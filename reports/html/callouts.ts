// The violations' callouts right of the
// lanes: a box each, pointing at its row,
// stacked so none overlap.
import { COLORS } from './colors.ts'
import type { HtmlViolation } from './input.ts'
import { el, fit, num, text, title, wrap } from './svg.ts'
import { CALLOUT_GAP, CALLOUT_W, FONT, HEAD_H, type Ctx } from './timeline-geometry.ts'
import type { Placed } from './timeline-model.ts'
import type { ViolationMarks } from './violation-marks.ts'

export function renderCallouts(
  violations: readonly HtmlViolation[],
  marks: ViolationMarks,
  drawn: readonly Placed[],
  ctx: Ctx,
): { svg: string; bottom: number } {
  const rowOf = new Map(drawn.map((p, i) => [p.event.seq, i]))
  const x = ctx.lanesEnd + CALLOUT_GAP
  const wanted = violations
    .map((v, k) => {
      const anchor = marks.anchors[k]
      const row = anchor === null || anchor === undefined ? undefined : rowOf.get(anchor)
      return { v, k, y: row === undefined ? ctx.rows.end : ctx.rows.top[row]! + 17 }
    })
    .sort((a, b) => a.y - b.y || a.k - b.k)
  const out: string[] = []
  let next = HEAD_H
  for (const { v, k, y } of wanted) {
    const lines = wrap(v.message, CALLOUT_W - 20, FONT, 10)
    const h = 26 + lines.length * 15
    const boxY = Math.max(y - 14, next)
    next = boxY + h + 10
    out.push(
      el(
        'g',
        { class: 'callout violation', 'data-judge': v.judge, 'data-call': v.call, 'data-violation': k + 1 },
        title(`${v.judge}: ${v.message}`),
        el('path', {
          d: `M${num(ctx.lanesEnd - 2)} ${num(y)}H${num(x - 14)}L${num(x)} ${num(boxY + 14)}`,
          fill: 'none',
          stroke: COLORS.violation,
          'stroke-width': 1.2,
          'stroke-dasharray': '4 3',
        }),
        el('rect', {
          x,
          y: boxY,
          width: CALLOUT_W,
          height: h,
          rx: 6,
          fill: '#fff5f5',
          stroke: COLORS.violation,
          'stroke-width': 1.5,
        }),
        text(
          { x: x + 10, y: boxY + 17, fill: COLORS.violation, 'font-weight': 'bold' },
          fit(`✗${k + 1} ${v.judge}`, CALLOUT_W - 20, FONT),
        ),
        ...lines.map((l, j) => text({ x: x + 10, y: boxY + 34 + j * 15, fill: COLORS.ink }, l)),
      ),
    )
  }
  return { svg: el('g', { class: 'callouts' }, ...out), bottom: wanted.length ? next : 0 }
}
