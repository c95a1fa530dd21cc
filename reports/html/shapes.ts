// The timeline's glyphs, as paths (no font
// needed): bolt, burst, effect box, cross, …
import { COLORS } from './colors.ts'
import { el, num } from './svg.ts'
import type { Shape } from './timeline-model.ts'

/**
 * A glyph centred on (x, y), stroked in
 * `color` unless it has its own colours.
 */
export function glyph(shape: Shape, x: number, y: number, color: string): string {
  switch (shape) {
    case 'bolt':
      return el('polygon', {
        class: 'fault-marker',
        points: pts(x, y, [
          [3, -10],
          [-6, 1],
          [-0.5, 1],
          [-3, 10],
          [6, -1.5],
          [0.5, -1.5],
        ]),
        fill: COLORS.faultFill,
        stroke: COLORS.fault,
        'stroke-width': 1.2,
        'stroke-linejoin': 'round',
      })
    case 'burst': {
      const star: [number, number][] = []
      for (let i = 0; i < 16; i++) {
        const r = i % 2 ? 4 : 10
        const a = (Math.PI * i) / 8
        star.push([r * Math.cos(a), r * Math.sin(a)])
      }
      return el('polygon', {
        class: 'crash-marker',
        points: pts(x, y, star),
        fill: '#ffd8d3',
        stroke: COLORS.crash,
        'stroke-width': 1.5,
        'stroke-linejoin': 'round',
      })
    }
    case 'effect':
      return el('rect', {
        x: x - 7,
        y: y - 7,
        width: 14,
        height: 14,
        rx: 2,
        fill: COLORS.effectFill,
        stroke: color,
        'stroke-width': 1.5,
      })
    case 'cross':
      return el('path', {
        d: `M${num(x - 5)} ${num(y - 5)}L${num(x + 5)} ${num(y + 5)}M${num(x + 5)} ${num(y - 5)}L${num(x - 5)} ${num(y + 5)}`,
        stroke: color,
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
      })
    case 'warn':
      return el('polygon', {
        points: pts(x, y, [
          [0, -8],
          [8, 6],
          [-8, 6],
        ]),
        fill: '#ffd8d3',
        stroke: color,
        'stroke-width': 1.5,
      })
    case 'diamond':
      return el('polygon', {
        points: pts(x, y, [
          [0, -5],
          [5, 0],
          [0, 5],
          [-5, 0],
        ]),
        fill: '#fff',
        stroke: color,
        'stroke-width': 1.2,
      })
    case 'restart':
      return el('circle', {
        cx: x,
        cy: y,
        r: 6,
        fill: COLORS.faultBand,
        stroke: color,
        'stroke-width': 1.5,
        'stroke-dasharray': '6 2',
      })
    case 'dot':
    case 'arrow':
    case 'banner':
      return el('circle', { cx: x, cy: y, r: 4, fill: color })
  }
}

/** A horizontal arrow from x1 to x2 at y, with its head at x2. */
export function arrow(x1: number, x2: number, y: number, color: string, dashed: boolean, width = 1.4): string {
  const dir = Math.sign(x2 - x1) || 1
  return (
    el('circle', { cx: x1, cy: y, r: 2.2, fill: color }) +
    el('line', {
      x1,
      y1: y,
      x2: x2 - dir * 7,
      y2: y,
      stroke: color,
      'stroke-width': width,
      'stroke-dasharray': dashed ? '5 3' : null,
    }) +
    el('polygon', {
      points: pts(x2, y, [
        [0, 0],
        [-dir * 9, -4.5],
        [-dir * 9, 4.5],
      ]),
      fill: color,
    })
  )
}

function pts(x: number, y: number, offsets: readonly (readonly [number, number])[]): string {
  return offsets.map(([dx, dy]) => `${num(x + dx)},${num(y + dy)}`).join(' ')
}
