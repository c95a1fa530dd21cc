// Recovery latency per executor: a dot per
// faulted call on a log axis (0 to a day
// and more), p50 and p95 marked. Zero gets
// its own slot: log 0 has none.
import { COLORS } from './colors.ts'
import type { HtmlRow } from './input.ts'
import { el, fit, num, text, textWidth, title } from './svg.ts'
import { duration, shortDuration } from './time.ts'

const FONT = 12
const ROW_H = 34
const PLOT_W = 560
const ZERO_W = 56

const TICKS: readonly (readonly [number, string])[] = [
  [1, '1 ms'],
  [10, '10 ms'],
  [100, '100 ms'],
  [1_000, '1 s'],
  [10_000, '10 s'],
  [60_000, '1 min'],
  [600_000, '10 min'],
  [3_600_000, '1 h'],
  [86_400_000, '1 d'],
  [864_000_000, '10 d'],
]

export function renderLatencyChart(
  recoveryMs: Readonly<Record<string, readonly number[] | null>>,
  rows: readonly HtmlRow[],
): string {
  const names = [
    ...rows.map((r) => r.executor).filter((n) => n in recoveryMs),
    ...Object.keys(recoveryMs).filter((n) => !rows.some((r) => r.executor === n)),
  ]
  if (!names.length) return el('p', { class: 'empty', 'data-chart': 'recovery latency' }, 'no recovery latencies')
  const values = names.flatMap((n) => recoveryMs[n] ?? []).filter((v) => Number.isFinite(v))
  const maxV = Math.max(86_400_000, ...values)
  const ticks = TICKS.filter(([v], i) => v <= maxV || (i > 0 && TICKS[i - 1]![0] < maxV))
  const top = Math.log10(ticks.at(-1)![0])
  const labelW = Math.min(220, Math.max(...names.map((n) => textWidth(n, FONT))) + 14)
  const x0 = labelW + ZERO_W
  const xOf = (v: number) => (v <= 0 ? labelW + 14 : x0 + Math.min(1, Math.log10(Math.max(1, v)) / top) * PLOT_W)
  const width = x0 + PLOT_W + 150
  const plotBottom = 8 + names.length * ROW_H
  const height = plotBottom + 44

  const grid = ticks.map(([v, label]) =>
    el(
      'g',
      { class: 'tick' },
      el('line', { x1: xOf(v), x2: xOf(v), y1: 6, y2: plotBottom, stroke: COLORS.grid }),
      text({ x: xOf(v), y: plotBottom + 16, 'text-anchor': 'middle', fill: COLORS.muted, 'font-size': 11 }, label),
    ),
  )
  grid.push(text({ x: xOf(0), y: plotBottom + 16, 'text-anchor': 'middle', fill: COLORS.muted, 'font-size': 11 }, '0'))
  // The axis is broken between 0 and 1 ms.
  grid.push(
    el('path', {
      d: `M${num(x0 - 10)} ${plotBottom - 4}l4 8M${num(x0 - 5)} ${plotBottom - 4}l4 8`,
      stroke: COLORS.muted,
    }),
  )
  grid.push(
    text(
      { x: x0 + PLOT_W / 2, y: plotBottom + 36, 'text-anchor': 'middle', fill: COLORS.muted, 'font-size': 11 },
      'virtual time from the fault to a known outcome (log scale)',
    ),
  )

  const strips = names.map((name, r) => {
    const cy = 8 + r * ROW_H + ROW_H / 2
    const recorded = recoveryMs[name] ?? null
    const vs = (recorded ?? []).filter((v) => Number.isFinite(v))
    const row = rows.find((x) => x.executor === name)
    const parts: string[] = [
      text({ x: labelW - 8, y: cy + 4, 'text-anchor': 'end', fill: COLORS.ink }, fit(name, labelW - 12, FONT)),
    ]
    if (r % 2 === 0)
      parts.unshift(
        el('rect', { x: labelW, y: cy - ROW_H / 2, width: ZERO_W + PLOT_W, height: ROW_H, fill: '#f6f8fa' }),
      )
    // No records: say so, rather than suggest
    // there was nothing.
    if (recorded === null)
      parts.push(
        text(
          { x: x0 + 8, y: cy + 4, fill: COLORS.muted, 'font-style': 'italic' },
          'p50/p95 only: this report has no per-run records (--out keeps them)',
        ),
      )
    else if (!vs.length)
      parts.push(
        text(
          { x: x0 + 8, y: cy + 4, fill: COLORS.muted, 'font-style': 'italic' },
          'no faulted call reached a known outcome',
        ),
      )
    vs.forEach((v, i) => {
      // Deterministic jitter keeps ties visible.
      const dy = (((i * 7919) % 13) / 12 - 0.5) * (ROW_H - 12)
      parts.push(
        el(
          'circle',
          { class: 'latency', cx: xOf(v), cy: cy + dy, r: 3, fill: COLORS.probe, 'fill-opacity': 0.45 },
          title(`${name}: ${duration(v)} (${v} ms)`),
        ),
      )
    })
    for (const [q, v, dash] of [
      ['p50', row?.recoveryP50Ms ?? null, null],
      ['p95', row?.recoveryP95Ms ?? null, '3 2'],
    ] as const) {
      if (v === null) continue
      parts.push(
        el(
          'line',
          {
            class: q,
            x1: xOf(v),
            x2: xOf(v),
            y1: cy - ROW_H / 2 + 3,
            y2: cy + ROW_H / 2 - 3,
            stroke: COLORS.ink,
            'stroke-width': q === 'p50' ? 2.5 : 1.5,
            'stroke-dasharray': dash,
          },
          title(`${name} ${q}: ${duration(v)}`),
        ),
      )
    }
    parts.push(
      text(
        { x: x0 + PLOT_W + 10, y: cy + 4, fill: COLORS.muted, 'font-size': 11 },
        `n=${recorded === null ? '?' : vs.length}${row?.recoveryP95Ms != null ? ` · p95 ${shortDuration(row.recoveryP95Ms)}` : ''}`,
      ),
    )
    return el('g', { class: 'strip', 'data-executor': name }, ...parts)
  })

  return el(
    'svg',
    {
      class: 'latency-chart',
      'data-chart': 'recovery latency',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': 'recovery latency per executor, log scale',
      'font-family': 'system-ui, sans-serif',
      'font-size': FONT,
    },
    title('Recovery latency per executor (log scale)'),
    ...grid,
    ...strips,
  )
}
