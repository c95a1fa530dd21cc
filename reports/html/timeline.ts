// One history's sequence timeline as SVG:
// a lane per actor, time down the page,
// a row per event, violations in red with
// callouts, a <title> on every element.
import type { History } from '../../harness/history/history.ts'
import { renderCallouts } from './callouts.ts'
import type { HtmlViolation } from './input.ts'
import { renderLedgerPanel } from './ledger-panel.ts'
import { el, MONO, title } from './svg.ts'
import { layoutRows } from './time-scale.ts'
import { renderEvent } from './timeline-event.ts'
import { axis, bands, breaks, deadlines, lifelines } from './timeline-frame.ts'
import {
  AXIS_W,
  CALLOUT_GAP,
  CALLOUT_W,
  FONT,
  HEAD_H,
  HEAD_ROWS,
  LANE_W,
  MAX_ROWS,
  REPORT_ROW_H,
  ROW_H,
  type Ctx,
} from './timeline-geometry.ts'
import { lanesOf, placeEvents } from './timeline-model.ts'
import { markViolations } from './violation-marks.ts'

export function renderTimelineSvg(history: History, violations: readonly HtmlViolation[]): string {
  const lanes = lanesOf(history)
  const laneX = new Map(lanes.map((l, i) => [l.id, AXIS_W + LANE_W * (i + 0.5)]))
  const lanesEnd = AXIS_W + LANE_W * lanes.length
  const marks = markViolations(history, violations)

  const all = placeEvents(history)
  const drawn =
    all.length > MAX_ROWS ? [...all.slice(0, HEAD_ROWS), ...all.slice(all.length - (MAX_ROWS - HEAD_ROWS))] : all
  const gaps = new Map<number, string>()
  if (drawn.length < all.length)
    gaps.set(HEAD_ROWS, `⋯ ${all.length - drawn.length} events not drawn (the text history below has them all) ⋯`)
  const times = drawn.map((p) => p.event.t)
  const rows = layoutRows(
    times,
    drawn.map((p) => (p.event.type === 'outcome-reported' ? REPORT_ROW_H : ROW_H)),
    HEAD_H + 10,
    gaps,
  )

  const ctx: Ctx = { laneX, lanesEnd, rows, marks }
  const callouts = renderCallouts(violations, marks, drawn, ctx)
  const panelY = Math.max(rows.end + 16, callouts.bottom + 16)
  const width = violations.length ? lanesEnd + CALLOUT_GAP + CALLOUT_W + 12 : lanesEnd + 12
  const panel = renderLedgerPanel(history, marks, 12, panelY, width - 24)
  const height = Math.ceil(panelY + panel.height + 12)

  return el(
    'svg',
    {
      class: 'timeline',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': `Sequence timeline of ${history.length} events`,
      'data-events': history.length,
      'font-family': MONO,
      'font-size': FONT,
    },
    title(`Sequence timeline: ${history.length} events, ${violations.length} violation(s)`),
    el('rect', { x: 0, y: 0, width, height, fill: '#fff' }),
    bands(drawn, ctx),
    lifelines(lanes, drawn, ctx),
    deadlines(history, times, ctx),
    breaks(ctx),
    axis(drawn, ctx),
    ...drawn.map((p, i) => renderEvent(p, i, ctx)),
    callouts.svg,
    panel.svg,
  )
}
