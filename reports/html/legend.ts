// The key to the timeline's glyphs.
import { COLORS } from './colors.ts'
import { arrow, glyph } from './shapes.ts'
import { el } from './svg.ts'
import type { Shape } from './timeline-model.ts'

function icon(body: string, width = 22): string {
  return el('svg', { width, height: 22, viewBox: `0 0 ${width} 22`, 'aria-hidden': 'true' }, body)
}

const g = (shape: Shape, color: string) => icon(glyph(shape, 11, 11, color))

const ITEMS: readonly (readonly [string, string])[] = [
  [g('bolt', COLORS.fault), 'fault injected (kind · boundary · attempt)'],
  [g('burst', COLORS.crash), 'executor process crashed'],
  [g('effect', COLORS.effect), 'effect applied: the ledger’s truth'],
  [g('cross', COLORS.fault), 'response lost'],
  [icon(arrow(2, 34, 11, COLORS.ink, false), 36), 'request or answer'],
  [icon(arrow(2, 34, 11, COLORS.probe, true), 36), 'probe (read); dashed black/red: network error'],
  [
    icon(
      el('rect', { x: 1, y: 4, width: 34, height: 14, rx: 3, fill: COLORS.violationBand, stroke: COLORS.violation }),
      36,
    ),
    '✗n: part of violation n',
  ],
  [
    icon(
      el('line', {
        x1: 11,
        x2: 11,
        y1: 0,
        y2: 22,
        stroke: COLORS.crash,
        'stroke-width': 1.5,
        'stroke-dasharray': '3 4',
      }),
    ),
    'no executor process alive',
  ],
]

export function renderLegend(): string {
  return `<ul class="timeline-legend">${ITEMS.map(([i, label]) => `<li>${i}<span>${label}</span></li>`).join('')}</ul>`
}
