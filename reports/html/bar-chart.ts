// A horizontal SVG bar chart of counts
// (violations by judge, by boundary).
import { COLORS } from './colors.ts'
import { el, fit, text, textWidth, title } from './svg.ts'

const FONT = 12
const ROW_H = 24
const BAR_W = 380

/** Bars longest first; `name` goes into data-chart for tests. */
export function renderBarChart(
  name: string,
  counts: Readonly<Record<string, number>>,
  color: string = COLORS.bar,
): string {
  const entries = Object.entries(counts)
    .filter(([, n]) => Number.isFinite(n) && n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  if (!entries.length) return el('p', { class: 'empty', 'data-chart': name }, 'none')
  const labelW = Math.min(240, Math.max(...entries.map(([k]) => textWidth(k, FONT))) + 12)
  const max = Math.max(...entries.map(([, n]) => n))
  const width = labelW + BAR_W + 70
  const height = entries.length * ROW_H + 8
  const rows = entries.map(([key, n], i) => {
    const y = 4 + i * ROW_H
    const w = Math.max(2, (n / max) * BAR_W)
    return el(
      'g',
      { class: 'bar', 'data-key': key, 'data-count': n },
      title(`${key}: ${n}`),
      text({ x: labelW - 8, y: y + 16, 'text-anchor': 'end', fill: COLORS.ink }, fit(key, labelW - 12, FONT)),
      el('rect', { x: labelW, y: y + 3, width: w, height: ROW_H - 6, rx: 3, fill: color }),
      text({ x: labelW + w + 6, y: y + 16, fill: COLORS.ink, 'font-weight': 'bold' }, String(n)),
    )
  })
  return el(
    'svg',
    {
      class: 'bar-chart',
      'data-chart': name,
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': name,
      'font-family': 'system-ui, sans-serif',
      'font-size': FONT,
    },
    title(name),
    ...rows,
  )
}
